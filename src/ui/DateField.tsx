import { DatePicker, parseDate, useDatePickerContext, type DateValue } from '@ark-ui/react/date-picker';
import { format as formatWithLocale } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TIME_ZONE } from '../../contract/timetracker';
import { useT, type Lang } from '../i18n';
import { dateLocale, monthName, weekdayNames } from '../lib/dates';
import { dayOutside, formatDayInput, parseDayInput, type DayProblem } from '../lib/dayInput';
import { css, cx } from 'styled-system/css';
import { inputStyle } from './Field';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';
import { floatingPanel } from './popover';

type DateFieldProps = {
  label: ReactNode;
  /** The day as YYYY-MM-DD, or "" for none. */
  value: string;
  /** Called with YYYY-MM-DD once a whole valid day is typed or picked, and with "" when the field is cleared or
   * left holding text that is no date (its error is shown; no stale or guessed day stays behind). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  required?: boolean;
  /** Inclusive bounds, YYYY-MM-DD. */
  min?: string;
  max?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
};

type Problem = DayProblem | 'min' | 'max';

// Intl locales only for what Ark still formats itself (the live-region announcement); every visible name comes
// from the app's own strings and date-fns, so Uzbek never depends on the browser's ICU data.
const PICKER_LOCALE: Record<Lang, string> = { uz: 'uz-UZ', en: 'en-GB' };

const control = css({ position: 'relative' });
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
  '&[data-disabled]': { color: 'fg.subtle', opacity: 0.5, cursor: 'not-allowed', textDecoration: 'line-through', _hover: { bg: 'transparent' } },
});
const wideCell = css({ h: '11' });
const footer = css({ display: 'flex', justifyContent: 'space-between', mt: '2', pt: '2', borderTopWidth: '1px', borderColor: 'border.default' });
const textButton = css({ px: '2', h: '8', borderRadius: 'control', fontSize: 'sm', color: 'accent.fg', fontWeight: 'medium', cursor: 'pointer', _hover: { bg: 'accent.subtle' } });

const toDateValue = (iso: string | undefined): DateValue | undefined => (iso ? parseDate(iso) : undefined);

/**
 * The one date input of the app (Ark UI's DatePicker): typed day first in the interface language ("26.11.2026",
 * "26/11/2026" in English) or picked from a calendar whose month and weekday names are the app's own. A whole
 * typed day commits at once; text that is no day shows a translated error and commits nothing.
 */
export function DateField({ label, value, onChange, onBlur, error, required, min, max, name, id, disabled, className, 'data-testid': testId }: DateFieldProps) {
  const { t, lang } = useT();
  const { controlId, errorId } = useFieldIds(id);
  const [text, setText] = useState(() => formatDayInput(value, lang));
  const [problem, setProblem] = useState<Problem | null>(null);
  // The value last reported to the parent: a change of `value` that is not ours (a reset, a picked day coming
  // back, another field's rule) replaces the text; our own "" for bad text leaves that text and its error alone.
  const reported = useRef(value);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(formatDayInput(value, lang));
    setProblem(null);
  }, [value, lang]);
  useEffect(() => {
    if (!problem) setText(formatDayInput(reported.current, lang));
    // Only a language switch re-formats the shown text (an erroneous text stays as typed).
  }, [lang]);

  const report = (iso: string) => {
    reported.current = iso;
    if (iso !== value) onChange(iso);
  };
  /** Reads the text: `final` when the person leaves the field or presses Enter (then partial text is an error). */
  const read = (typed: string, final: boolean) => {
    const parsed = parseDayInput(typed);
    if (parsed.ok) {
      const outside = dayOutside(parsed.iso, min, max);
      if (outside) {
        if (final) {
          setProblem(outside);
          report('');
        }
        return;
      }
      setProblem(null);
      if (final) setText(formatDayInput(parsed.iso, lang));
      report(parsed.iso);
      return;
    }
    if (parsed.problem === 'empty') {
      setProblem(null);
      report('');
      return;
    }
    if (final) {
      setProblem(parsed.problem);
      report('');
    }
  };

  const limit = problem === 'min' ? formatDayInput(min, lang) : problem === 'max' ? formatDayInput(max, lang) : '';
  const ownError = problem ? t(`common.date.errors.${problem}`, { format: t('common.date.placeholder'), date: limit }) : null;
  const shownError = ownError ?? error ?? null;
  const longDay = (d: DateValue) => formatWithLocale(new Date(d.year, d.month - 1, d.day), 'd MMMM yyyy, EEEE', { locale: dateLocale(lang) });

  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={label} error={shownError} required={required} className={className}>
      <DatePicker.Root
        value={value ? [parseDate(value)] : []}
        onValueChange={(details) => {
          const picked = details.value[0]?.toString() ?? '';
          setText(formatDayInput(picked, lang));
          setProblem(null);
          report(picked);
        }}
        locale={PICKER_LOCALE[lang]}
        timeZone={TIME_ZONE}
        startOfWeek={1}
        fixedWeeks
        min={toDateValue(min)}
        max={toDateValue(max)}
        disabled={disabled}
        positioning={{ placement: 'bottom-start', strategy: 'fixed', gutter: 4, overflowPadding: 8 }}
        translations={{
          trigger: (open) => t(open ? 'common.date.close' : 'common.date.open'),
          content: t('common.date.calendar'),
          prevTrigger: (view) => t(`common.date.prev.${view}`),
          nextTrigger: (view) => t(`common.date.next.${view}`),
          viewTrigger: () => t('common.date.changeView'),
          dayCell: (state) => longDay(state.value),
        }}
        lazyMount
        unmountOnExit
      >
        <DatePicker.Control className={control}>
          <DayInput
            id={controlId}
            name={name}
            text={text}
            disabled={disabled}
            placeholder={t('common.date.placeholder')}
            aria={controlAria(shownError, errorId, required)}
            testId={testId}
            onText={(typed) => {
              setText(typed);
              if (problem) setProblem(null);
              read(typed, false);
            }}
            onDone={() => read(text, true)}
            onBlur={() => {
              read(text, true);
              onBlur?.();
            }}
          />
          <DatePicker.Trigger className={trigger} disabled={disabled}>
            <CalendarDays size={18} aria-hidden />
          </DatePicker.Trigger>
        </DatePicker.Control>
        <DatePicker.Positioner className={css({ zIndex: 'popover' })}>
          <DatePicker.Content className={cx(floatingPanel, content)} data-testid={testId ? `${testId}-calendar` : undefined}>
            <Calendar lang={lang} todayLabel={t('common.date.today')} clearLabel={t('common.date.clear')} />
          </DatePicker.Content>
        </DatePicker.Positioner>
      </DatePicker.Root>
    </FieldFrame>
  );
}

type DayInputProps = {
  id: string;
  name?: string;
  text: string;
  disabled?: boolean;
  placeholder: string;
  aria: ReturnType<typeof controlAria>;
  testId?: string;
  onText: (text: string) => void;
  onDone: () => void;
  onBlur: () => void;
};

/** The typed part. Not Ark's DatePicker.Input: that one drops "." for locales whose Intl separator is "/" and fixes
 * an unreadable text to some other day on blur; here the app's parser decides and says what is wrong. Closing the
 * calendar gives focus back to its button, as the date picker dialog pattern of WAI-ARIA has it. */
function DayInput({ id, name, text, disabled, placeholder, aria, testId, onText, onDone, onBlur }: DayInputProps) {
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
      onChange={(e) => onText(e.target.value)}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          // Commit the typed day without submitting the form; a second Enter submits as usual.
          const before = text;
          onDone();
          if (parseDayInput(before).ok === false && before.trim() !== '') e.preventDefault();
        } else if (e.key === 'ArrowDown' && (e.altKey || text === '')) {
          e.preventDefault();
          picker.setOpen(true);
        }
      }}
    />
  );
}

/** Day, month and year views with the interface language's own names. */
function Calendar({ lang, todayLabel, clearLabel }: { lang: Lang; todayLabel: string; clearLabel: string }) {
  const picker = useDatePickerContext();
  const shortDays = weekdayNames(lang, 'short');
  const longDays = weekdayNames(lang, 'wide');
  const visible = picker.visibleRange.start;
  const decade = picker.getDecade();
  return (
    <>
      <DatePicker.View view="day">
        <DatePicker.ViewControl className={header}>
          <DatePicker.PrevTrigger className={navButton}>
            <ChevronLeft size={18} aria-hidden />
          </DatePicker.PrevTrigger>
          <DatePicker.ViewTrigger className={navButton}>{`${monthName(visible.month - 1, lang)} ${visible.year}`}</DatePicker.ViewTrigger>
          <DatePicker.NextTrigger className={navButton}>
            <ChevronRight size={18} aria-hidden />
          </DatePicker.NextTrigger>
        </DatePicker.ViewControl>
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
      <DatePicker.View view="month">
        <DatePicker.ViewControl className={header}>
          <DatePicker.PrevTrigger className={navButton}>
            <ChevronLeft size={18} aria-hidden />
          </DatePicker.PrevTrigger>
          <DatePicker.ViewTrigger className={navButton}>{visible.year}</DatePicker.ViewTrigger>
          <DatePicker.NextTrigger className={navButton}>
            <ChevronRight size={18} aria-hidden />
          </DatePicker.NextTrigger>
        </DatePicker.ViewControl>
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
        <DatePicker.ViewControl className={header}>
          <DatePicker.PrevTrigger className={navButton}>
            <ChevronLeft size={18} aria-hidden />
          </DatePicker.PrevTrigger>
          <span className={navButton}>{`${decade.start} – ${decade.end}`}</span>
          <DatePicker.NextTrigger className={navButton}>
            <ChevronRight size={18} aria-hidden />
          </DatePicker.NextTrigger>
        </DatePicker.ViewControl>
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
      <div className={footer}>
        <button type="button" className={textButton} onClick={() => picker.clearValue()}>
          {clearLabel}
        </button>
        <button type="button" className={textButton} onClick={() => picker.selectToday()} data-testid="date-today">
          {todayLabel}
        </button>
      </div>
    </>
  );
}
