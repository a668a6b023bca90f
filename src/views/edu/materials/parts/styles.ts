import { css } from 'styled-system/css';

/** Filters and the main action of a tab: one row on a desktop, wrapping on a phone. */
export const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', mb: '4' });
/** A filter control's width: full on a phone, fixed beside the others from 600px. */
export const filterBox = css({ w: { base: 'full', sm: '15rem' } });
export const grow = css({ flex: '1', display: { base: 'none', sm: 'block' } });
export const checkLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', h: '10', fontSize: 'sm', cursor: 'pointer', userSelect: 'none' });
export const checkbox = css({ w: '4', h: '4', accentColor: 'token(colors.accent.default)', cursor: 'pointer' });
export const rowActions = css({ display: 'flex', justifyContent: 'flex-end', gap: '1', flexWrap: 'nowrap' });
export const muted = css({ color: 'fg.muted', fontSize: 'sm' });
export const itemName = css({ fontWeight: 'medium', minW: '0', overflowWrap: 'anywhere' });
/**
 * Read out but not shown, without `position: absolute`: inside a horizontally scrolling table an absolute element
 * escapes the scroll box and widens the whole page on a phone.
 */
export const hiddenText = css({ display: 'inline-block', w: '1px', h: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' });
