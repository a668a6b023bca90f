// PageHeader's classes, shared with the app frame the server paints before the app loads (src/app/appFrame.ts).
import { css } from 'styled-system/css';

export const pageHeaderRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '4' });
export const pageTitle = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const pageSubtitle = css({ color: 'fg.muted', fontSize: 'sm' });
