// What the date and month fields share: the typed input, the calendar's views with the app's own month and weekday
// names (never the browser's), the translated labels Ark reads, and the look.
import { DatePicker, parseDate, useDatePickerContext, type DatePickerRootProps, type DateValue } from '@ark-ui/react/date-picker';
import { format as formatWithLocale } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { TIME_ZONE } from '../../contract/timetracker';
import type { Lang, Translate } from '../i18n';
import { dateLocale, monthName, weekdayNames } from '../lib/dates';
import { inputStyle } from './Field';
import type { controlAria } from './FieldFrame';
import { floatingPanel } from './popover';

// Intl locales only for what Ark still formats itself (the live-region announcement); every visible name comes
// from the app's own strings and date-fns, so Uzbek never depends on the browser's ICU data.
const PICKER_LOCALE: Record<Lang, string> = { uz: 'uz-UZ', ru: 'ru-RU', en: 'en-GB' };

const trigger = css({
  position: 'absolute',
  insetY: '0',
  insetEnd: '1',
  my: 'auto',
  h: '8',
  w: '8',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'control',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _disabled: { cursor: 'not-allowed', opacity: 0.5 },
});
const content = css({ p: '3', w: '296px', maxW: 'calc(100vw - 16px)' });
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1', mb: '2' });
const navButton = css({
  h: '9',
  minW: '9',
  px: '2',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'control',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
});
const table = css({ w: 'full', borderCollapse: 'collapse', tableLayout: 'fixed' });
const weekday = css({ h: '8', fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', textAlign: 'center' });
const cell = css({
  w: 'full',
  h: '9',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'control',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  '&[data-outside-range]': { color: 'fg.subtle' },
  '&[data-today]': { fontWeight: 'bold', color: 'accent.fg', boxShadow: 'inset 0 0 0 1px token(colors.accent.default)' },
  '&[data-focus]': { outline: '2px solid token(colors.accent.default)', outlineOffset: '-2px' },
  '&[data-selected]': { bg: 'accent.default', color: 'fg.onAccent', _hover: { bg: 'accent.hover' } },
  '&[data-disabled]': { color: 'fg.subtle', cursor: 'default', _hover: { bg: 'transparent' } },
  // Days refused by the field's bounds, not merely another month's.
  '&[data-disabled]:not([data-outside-range])': { opacity: 0.5, cursor: 'not-allowed', textDecoration: 'line-through' },
});
const wideCell = css({ h: '11' });
const footer = css({ display: 'flex', justifyContent: 'space-between', mt: '2', pt: '2', borderTopWidth: '1px', borderColor: 'border.default' });
const textButton = css({ px: '2', h: '8', borderRadius: 'control', fontSize: 'sm', color: 'accent.fg', fontWeight: 'medium', cursor: 'pointer', _hover: { bg: 'accent.subtle' } });

/** YYYY-MM-DD as Ark's date, or undefined for "" and for a day that does not exist (a hand-edited address). */
export function toDateValue(iso: string | undefined): DateValue | undefined {
  if (!iso) return undefined;
  try {
    return parseDate(iso);
  } catch {
    return undefined;
  }
}

export function toDateValues(iso: string): DateValue[] {
  const day = toDateValue(iso);
  return day ? [day] : [];
}

/** The DatePicker.Root props both fields share: the interface language, Monday first, the centre's "today". */
export function pickerProps(t: Translate, lang: Lang): Partial<DatePickerRootProps> {
  const longDay = (d: DateValue) => formatWithLocale(new Date(d.year, d.month - 1, d.day), 'd MMMM yyyy, EEEE', { locale: dateLocale(lang) });
  return {
    locale: PICKER_LOCALE[lang],
    timeZone: TIME_ZONE,
    startOfWeek: 1,
    fixedWeeks: true,
    positioning: { placement: 'bottom-start', strategy: 'fixed', gutter: 4, overflowPadding: 8 },
    translations: {
      trigger: (open) => t(open ? 'common.date.close' : 'common.date.open'),
      content: t('common.date.calendar'),
      prevTrigger: (view) => t(`common.date.prev.${view}`),
      nextTrigger: (view) => t(`common.date.next.${view}`),
      viewTrigger: () => t('common.date.changeView'),
      dayCell: (state) => longDay(state.value),
    },
    lazyMount: true,
    unmountOnExit: true,
  };
}

type TypedInputProps = {
  id: string;
  name?: string;
  text: string;
  disabled?: boolean;
  placeholder: string;
  aria: ReturnType<typeof controlAria>;
  testId?: string;
  onType: (text: string) => void;
  /** Blur or Enter; answers whether the text was a value the field can hold. */
  onFinish: () => boolean;
  onBlur?: () => void;
};

/**
 * The typed part. Not Ark's DatePicker.Input: that one drops "." for locales whose Intl separator is "/" and fixes an
 * unreadable text to some other day on blur; here the app's parser decides and says what is wrong. Closing the
 * calendar gives focus back to its button, as the WAI-ARIA date picker dialog pattern has it.
 */
export function TypedInput({ id, name, text, disabled, placeholder, aria, testId, onType, onFinish, onBlur }: TypedInputProps) {
  const picker = useDatePickerContext();
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      disabled={disabled}
      placeholder={placeholder}
      value={text}
      maxLength={12}
      data-testid={testId}
      {...aria}
      className={cx(inputStyle, css({ pe: '10', fontVariantNumeric: 'tabular-nums' }))}
      onChange={(e) => onType(e.target.value)}
      onBlur={() => {
        onFinish();
        onBlur?.();
      }}
      onKeyDown={(e) => {
        // Enter commits the typed value; a text that is no date does not submit the form.
        if (e.key === 'Enter' && !onFinish()) e.preventDefault();
        else if (e.key === 'ArrowDown' && (e.altKey || text === '')) {
          e.preventDefault();
          picker.setOpen(true);
        }
      }}
    />
  );
}

export function PickerTrigger({ disabled }: { disabled?: boolean }) {
  return (
    <DatePicker.Trigger className={trigger} disabled={disabled}>
      <CalendarDays size={18} aria-hidden />
    </DatePicker.Trigger>
  );
}

function ViewHeader({ children }: { children: ReactNode }) {
  return (
    <DatePicker.ViewControl className={header}>
      <DatePicker.PrevTrigger className={navButton}>
        <ChevronLeft size={18} aria-hidden />
      </DatePicker.PrevTrigger>
      {children}
      <DatePicker.NextTrigger className={navButton}>
        <ChevronRight size={18} aria-hidden />
      </DatePicker.NextTrigger>
    </DatePicker.ViewControl>
  );
}

/** The floating calendar: day, month and year views (from `minView` up) in the interface language. */
export function PickerCalendar({ lang, t, minView = 'day', clearable = true, testId }: { lang: Lang; t: Translate; minView?: 'day' | 'month'; clearable?: boolean; testId?: string }) {
  return (
    <DatePicker.Positioner className={css({ zIndex: 'popover' })}>
      <DatePicker.Content className={cx(floatingPanel, content)} data-testid={testId}>
        <CalendarViews lang={lang} t={t} minView={minView} clearable={clearable} />
      </DatePicker.Content>
    </DatePicker.Positioner>
  );
}

function CalendarViews({ lang, t, minView, clearable }: { lang: Lang; t: Translate; minView: 'day' | 'month'; clearable: boolean }) {
  const picker = useDatePickerContext();
  const shortDays = weekdayNames(lang, 'short');
  const longDays = weekdayNames(lang, 'wide');
  const visible = picker.visibleRange.start;
  const decade = picker.getDecade();
  return (
    <>
      {minView === 'day' ? (
        <DatePicker.View view="day">
          <ViewHeader>
            <DatePicker.ViewTrigger className={navButton}>{`${monthName(visible.month - 1, lang)} ${visible.year}`}</DatePicker.ViewTrigger>
          </ViewHeader>
          <DatePicker.Table className={table}>
            <DatePicker.TableHead>
              <DatePicker.TableRow>
                {shortDays.map((day, i) => (
                  <DatePicker.TableHeader key={day} className={weekday}>
                    <abbr title={longDays[i]} className={css({ textDecoration: 'none' })}>
                      {day}
                    </abbr>
                  </DatePicker.TableHeader>
                ))}
              </DatePicker.TableRow>
            </DatePicker.TableHead>
            <DatePicker.TableBody>
              {picker.weeks.map((week, i) => (
                <DatePicker.TableRow key={i}>
                  {week.map((day) => (
                    <DatePicker.TableCell key={day.toString()} value={day}>
                      <DatePicker.TableCellTrigger className={cell}>{day.day}</DatePicker.TableCellTrigger>
                    </DatePicker.TableCell>
                  ))}
                </DatePicker.TableRow>
              ))}
            </DatePicker.TableBody>
          </DatePicker.Table>
        </DatePicker.View>
      ) : null}
      <DatePicker.View view="month">
        <ViewHeader>
          <DatePicker.ViewTrigger className={navButton}>{visible.year}</DatePicker.ViewTrigger>
        </ViewHeader>
        <DatePicker.Table className={table}>
          <DatePicker.TableBody>
            {picker.getMonthsGrid({ columns: 3 }).map((months, row) => (
              <DatePicker.TableRow key={row}>
                {months.map((month) => (
                  <DatePicker.TableCell key={month.value} value={month.value}>
                    <DatePicker.TableCellTrigger className={cx(cell, wideCell)}>{monthName(month.value - 1, lang)}</DatePicker.TableCellTrigger>
                  </DatePicker.TableCell>
                ))}
              </DatePicker.TableRow>
            ))}
          </DatePicker.TableBody>
        </DatePicker.Table>
      </DatePicker.View>
      <DatePicker.View view="year">
        <ViewHeader>
          <span className={navButton}>{`${decade.start} – ${decade.end}`}</span>
        </ViewHeader>
        <DatePicker.Table className={table}>
          <DatePicker.TableBody>
            {picker.getYearsGrid({ columns: 4 }).map((years, row) => (
              <DatePicker.TableRow key={row}>
                {years.map((year) => (
                  <DatePicker.TableCell key={year.value} value={year.value}>
                    <DatePicker.TableCellTrigger className={cx(cell, wideCell)}>{year.label}</DatePicker.TableCellTrigger>
                  </DatePicker.TableCell>
                ))}
              </DatePicker.TableRow>
            ))}
          </DatePicker.TableBody>
        </DatePicker.Table>
      </DatePicker.View>
      {minView === 'day' ? (
        <div className={footer}>
          {clearable ? (
            <button type="button" className={textButton} onClick={() => picker.clearValue()}>
              {t('common.date.clear')}
            </button>
          ) : (
            <span />
          )}
          <button type="button" className={textButton} onClick={() => picker.selectToday()}>
            {t('common.date.today')}
          </button>
        </div>
      ) : null}
    </>
  );
}
