import 'react-datepicker/dist/react-datepicker.css';
import { format, startOfDay } from 'date-fns';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import ReactDatePicker, { type ReactDatePickerCustomHeaderProps } from 'react-datepicker';
import styles from './date-picker.module.css';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DEFAULT_TIME_INTERVAL_MINUTES,
  dateBounds,
  INVALID_DATE_MESSAGE,
  parseTypedDate,
  WEEK_START_DAY,
  YEARS_PER_PAGE,
  yearOptions,
} from './date-picker-rules.ts';
import fieldStyles from './field.module.css';
import { describedBy, Field, useFieldIds } from './field.tsx';

export type DatePickerProps = {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  id?: string;
  name?: string;
  required?: boolean;
  placeholder?: string;
  /** Adds a time list beside the calendar; typed text then reads 'MM/dd/yyyy h:mm AM'. */
  showTimeSelect?: boolean;
  timeIntervals?: number;
  /** Called when focus leaves the field and its calendar, e.g. react-hook-form's field.onBlur. */
  onBlur?: () => void;
  className?: string;
};

const MONTH_NAMES = Array.from({ length: 12 }, (_, month) => format(new Date(2000, month, 1), 'MMMM'));

type CalendarHeaderProps = ReactDatePickerCustomHeaderProps & { years: readonly number[] };

function CalendarHeader({
  date,
  changeMonth,
  changeYear,
  decreaseMonth,
  increaseMonth,
  prevMonthButtonDisabled,
  nextMonthButtonDisabled,
  years,
}: CalendarHeaderProps) {
  return (
    <div className={styles.header}>
      <button
        type="button"
        className={styles.navButton}
        onClick={decreaseMonth}
        disabled={prevMonthButtonDisabled}
        aria-label="Previous month"
      >
        <Chevron direction="left" />
      </button>
      <select
        className={styles.select}
        aria-label="Month"
        value={date.getMonth()}
        onChange={(event) => changeMonth(Number(event.target.value))}
      >
        {MONTH_NAMES.map((name, month) => (
          <option key={name} value={month}>
            {name}
          </option>
        ))}
      </select>
      <select
        className={styles.select}
        aria-label="Year"
        value={date.getFullYear()}
        onChange={(event) => changeYear(Number(event.target.value))}
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={styles.navButton}
        onClick={increaseMonth}
        disabled={nextMonthButtonDisabled}
        aria-label="Next month"
      >
        <Chevron direction="right" />
      </button>
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      className={styles.navIcon}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'left' ? 'M10 3 5 8l5 5' : 'm6 3 5 5-5 5'} />
    </svg>
  );
}

/** react-datepicker types its events as mouse or keyboard events, but typing reaches us as the input's change event. */
function isTyping(event: { type: string } | undefined): boolean {
  return event?.type === 'change';
}

/**
 * A labelled date field on react-datepicker: type MM/dd/yyyy or pick from the calendar. Typed text is
 * checked by our own rules (date-picker-rules.ts) rather than the library's lenient parser, and text that
 * is not a date stays visible with 'Date input not valid.' once the person leaves the field.
 */
export function DatePicker({
  label,
  value,
  onChange,
  error,
  hint,
  disabled = false,
  id,
  name,
  required,
  placeholder = 'MM/DD/YYYY',
  showTimeSelect = false,
  timeIntervals = DEFAULT_TIME_INTERVAL_MINUTES,
  onBlur,
  className,
}: DatePickerProps) {
  const ids = useFieldIds(id);
  // What the person is typing; null shows the value formatted by the picker.
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const reported = useRef<number | null>(value?.getTime() ?? null);
  const years = useMemo(() => yearOptions(), []);
  const bounds = useMemo(() => dateBounds(), []);
  const shownError = invalid ? INVALID_DATE_MESSAGE : error;

  // A value set from outside (a form reset, say) replaces whatever half-typed text is showing.
  const valueTime = value?.getTime() ?? null;
  useEffect(() => {
    if (valueTime === reported.current) return;
    reported.current = valueTime;
    setText(null);
    setInvalid(false);
  }, [valueTime]);

  const report = (date: Date | null) => {
    const time = date?.getTime() ?? null;
    // Enter both commits and blurs the input; the second commit must not report again.
    if (time === reported.current) return;
    reported.current = time;
    onChange(date);
  };

  // Typed text is read here, by our rules. The picker still sees it too, so that its calendar follows
  // what is typed and Enter only closes it, but what it makes of the text is ignored in handlePick.
  const handleTyping = (event?: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    if (!event || !isTyping(event) || !(event.target instanceof HTMLInputElement)) return;
    const typed = event.target.value;
    setText(typed);
    const parsed = parseTypedDate(typed, { withTime: showTimeSelect });
    if (parsed.kind === 'valid') {
      setInvalid(false);
      report(parsed.date);
    } else if (parsed.kind === 'empty') {
      setInvalid(false);
      report(null);
    }
    // Half-typed text is not flagged while the person is still typing; commit() judges it.
  };

  const handlePick = (date: Date | null, event?: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    if (isTyping(event)) return;
    setText(null);
    setInvalid(false);
    // The picker carries the old time over to a newly picked day; without a time list a value is a
    // day, so it is midnight, as a typed date is.
    report(date && !showTimeSelect ? startOfDay(date) : date);
  };

  const commit = () => {
    if (text === null) return;
    const parsed = parseTypedDate(text, { withTime: showTimeSelect });
    if (parsed.kind === 'invalid') {
      setInvalid(true);
      report(null);
      return;
    }
    setText(null);
    setInvalid(false);
  };

  // Focus can move between the input and the calendar's own controls without leaving the field.
  const focusWithin = useRef(false);
  const leave = () => {
    if (!focusWithin.current) return;
    focusWithin.current = false;
    commit();
    onBlur?.();
  };

  const handleFocusIn = () => {
    focusWithin.current = true;
  };

  const handleFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && containerRef.current?.contains(next)) return;
    leave();
  };

  // A click outside closes the calendar first, removing a focused month or year list with it; the
  // browser then moves focus on without a focusout from here, so notice where focus lands instead.
  const onDocumentFocusIn = useEffectEvent((event: globalThis.FocusEvent) => {
    if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
    leave();
  });
  useEffect(() => {
    document.addEventListener('focusin', onDocumentFocusIn);
    return () => document.removeEventListener('focusin', onDocumentFocusIn);
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter') commit();
  };

  return (
    <Field label={label} ids={ids} hint={hint} error={shownError} className={className}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only tracks focus entering and leaving the input and its calendar together; the div itself is not interactive. */}
      <div ref={containerRef} onFocus={handleFocusIn} onBlur={handleFocusOut}>
        <ReactDatePicker
          id={ids.inputId}
          name={name}
          selected={value}
          onChange={handlePick}
          onChangeRaw={handleTyping}
          onKeyDown={handleKeyDown}
          value={text ?? undefined}
          dateFormat={showTimeSelect ? DATE_TIME_FORMAT : DATE_FORMAT}
          calendarStartDay={WEEK_START_DAY}
          yearItemNumber={YEARS_PER_PAGE}
          showTimeSelect={showTimeSelect}
          timeIntervals={timeIntervals}
          minDate={bounds.minDate}
          maxDate={bounds.maxDate}
          renderCustomHeader={(headerProps) => <CalendarHeader {...headerProps} years={years} />}
          disabled={disabled}
          required={required}
          placeholderText={placeholder}
          autoComplete="off"
          ariaInvalid={shownError ? 'true' : undefined}
          ariaDescribedBy={describedBy(ids, hint, shownError)}
          className={fieldStyles.input}
          wrapperClassName={styles.wrapper}
          popperClassName={styles.popper}
          calendarClassName={styles.calendar}
        />
      </div>
    </Field>
  );
}
