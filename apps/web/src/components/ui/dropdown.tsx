import { createContext, type Ref, useContext, useMemo } from 'react';
import Select, {
  type ClearIndicatorProps,
  components,
  type InputProps,
  type MultiValue,
  type SelectInstance,
  type SingleValue,
  type StylesConfig,
} from 'react-select';
import { describedBy, Field, useFieldIds } from './field.tsx';

export type DropdownOption = { text: string; value: string };

/** Spec §2: the control is at least 60px high and the option list at most 460px. */
export const DROPDOWN_MIN_HEIGHT = 60;
export const DROPDOWN_MENU_MAX_HEIGHT = 460;

type DropdownBaseProps = {
  label: string;
  options: readonly DropdownOption[];
  id?: string;
  /** Also names the hidden input(s) that carry the value in a native form submit. */
  name?: string;
  isSearchable?: boolean;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** Offers the clear (×) control and Backspace to clear. Defaults to true. */
  isClearable?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string;
  required?: boolean;
  onBlur?: () => void;
  ref?: Ref<SelectInstance<DropdownOption, boolean>>;
  /** Goes on the field's wrapper (label, control, hint and error). */
  className?: string;
};

export type SingleDropdownProps = DropdownBaseProps & {
  isMulti?: false;
  /** The selected option's value; '' or null for none. */
  value: string | null | undefined;
  /** Clearing reports `{ text: '', value: '' }`. */
  onChange: (option: DropdownOption) => void;
};

export type MultiDropdownProps = DropdownBaseProps & {
  isMulti: true;
  value: readonly string[];
  onChange: (options: DropdownOption[]) => void;
};

export type DropdownProps = SingleDropdownProps | MultiDropdownProps;

// react-select sets aria-describedby on its input for its own placeholder; the context lets our
// Input add the hint and error ids to it without a new component type per render.
const DescribedByContext = createContext<string | undefined>(undefined);

function joinIds(...ids: Array<string | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

function DescribedInput(props: InputProps<DropdownOption, boolean>) {
  const extra = useContext(DescribedByContext);
  return <components.Input {...props} aria-describedby={joinIds(props['aria-describedby'], extra)} />;
}

/**
 * For a dropdown that cannot be searched. react-select's own non-searchable input cannot be replaced,
 * so it could not carry our aria-describedby; a read-only input behaves the same for the keyboard.
 */
function ReadOnlyInput(props: InputProps<DropdownOption, boolean>) {
  const extra = useContext(DescribedByContext);
  return (
    <components.Input
      {...props}
      readOnly
      inputMode="none"
      aria-readonly
      aria-describedby={joinIds(props['aria-describedby'], extra)}
    />
  );
}

/** The × that clears the field: a pointer control (Backspace clears from the keyboard), with a tooltip. */
function TitledClearIndicator(props: ClearIndicatorProps<DropdownOption, boolean>) {
  return <components.ClearIndicator {...props} innerProps={{ ...props.innerProps, title: 'Clear' }} />;
}

function isOptionList(
  value: MultiValue<DropdownOption> | SingleValue<DropdownOption>,
): value is MultiValue<DropdownOption> {
  return Array.isArray(value);
}

function copyOption(option: DropdownOption): DropdownOption {
  return { text: option.text, value: option.value };
}

function buildStyles(hasError: boolean): StylesConfig<DropdownOption, boolean> {
  return {
    control: (base, state) => ({
      ...base,
      minHeight: DROPDOWN_MIN_HEIGHT,
      borderRadius: 'var(--radius)',
      fontSize: 'var(--text-base)',
      backgroundColor: state.isDisabled ? 'var(--color-page)' : 'var(--color-surface)',
      borderColor: hasError
        ? 'var(--color-error)'
        : state.isFocused
          ? 'var(--color-primary)'
          : state.isDisabled
            ? 'var(--color-border)'
            : 'var(--color-border-strong)',
      boxShadow: hasError
        ? '0 0 0 1px var(--color-error)'
        : state.isFocused
          ? '0 0 0 1px var(--color-primary)'
          : 'none',
      // The real input inside is tiny and unstyled, so the focus ring belongs on the control.
      outline: state.isFocused ? '3px solid var(--color-focus)' : 'none',
      outlineOffset: 2,
      cursor: state.isDisabled ? 'not-allowed' : 'pointer',
      '&:hover': {
        borderColor: hasError ? 'var(--color-error)' : state.isFocused ? 'var(--color-primary)' : 'var(--color-text)',
      },
    }),
    valueContainer: (base) => ({ ...base, padding: '0 var(--space-4)' }),
    // react-select hides a disabled input, which drops the whole field from the accessibility tree;
    // a disabled field should still be announced, as dimmed.
    input: (base) => ({ ...base, visibility: 'visible' }),
    placeholder: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
    singleValue: (base, state) => ({
      ...base,
      color: state.isDisabled ? 'var(--color-text-muted)' : 'var(--color-text)',
    }),
    menu: (base) => ({
      ...base,
      zIndex: 20,
      borderRadius: 'var(--radius)',
      fontSize: 'var(--text-base)',
      boxShadow: 'var(--shadow)',
      overflow: 'hidden',
    }),
    option: (base, state) => ({
      ...base,
      cursor: 'pointer',
      color: state.isSelected ? 'var(--color-surface)' : 'var(--color-text)',
      backgroundColor: state.isSelected
        ? 'var(--color-primary)'
        : state.isFocused
          ? 'var(--color-primary-soft)'
          : 'transparent',
      ':active': { backgroundColor: 'var(--color-primary-soft)' },
    }),
    multiValue: (base) => ({ ...base, backgroundColor: 'var(--color-primary-soft)', borderRadius: 'var(--radius-sm)' }),
    multiValueLabel: (base) => ({ ...base, color: 'var(--color-text)', fontSize: 'var(--text-sm)' }),
    multiValueRemove: (base) => ({
      ...base,
      ':hover': { backgroundColor: 'var(--color-error-soft)', color: 'var(--color-error)' },
    }),
    // The default greys are too faint (under 3:1) for the arrow and clear icons.
    dropdownIndicator: (base, state) => ({
      ...base,
      color: state.isDisabled ? 'var(--color-border)' : 'var(--color-text-muted)',
      ':hover': { color: 'var(--color-text)' },
    }),
    clearIndicator: (base) => ({ ...base, color: 'var(--color-text-muted)', ':hover': { color: 'var(--color-text)' } }),
    indicatorSeparator: (base) => ({ ...base, backgroundColor: 'var(--color-border)' }),
    noOptionsMessage: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
    loadingMessage: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
  };
}

const noOptionsMessage = () => 'No options';
const loadingMessage = () => 'Loading...';
const getOptionLabel = (option: DropdownOption) => option.text;
const getOptionValue = (option: DropdownOption) => option.value;
const searchableComponents = { Input: DescribedInput, ClearIndicator: TitledClearIndicator };
const readOnlyComponents = { Input: ReadOnlyInput, ClearIndicator: TitledClearIndicator };

/**
 * A labelled select on react-select with `{ text, value }` options. It is controlled by option values
 * and reports whole options, so a form can keep either.
 */
export function Dropdown(props: DropdownProps) {
  const {
    label,
    options,
    id,
    name,
    isSearchable = true,
    isDisabled = false,
    isLoading = false,
    isClearable = true,
    error,
    hint,
    placeholder = 'Select...',
    required,
    onBlur,
    ref,
    className,
  } = props;
  const ids = useFieldIds(id);
  const styles = useMemo(() => buildStyles(Boolean(error)), [error]);

  const selected = props.isMulti
    ? props.value.flatMap((value) => {
        const option = options.find((candidate) => candidate.value === value);
        return option ? [option] : [];
      })
    : (options.find((option) => option.value === props.value) ?? null);

  const handleChange = (next: MultiValue<DropdownOption> | SingleValue<DropdownOption>) => {
    if (props.isMulti) {
      props.onChange(isOptionList(next) ? next.map(copyOption) : []);
    } else if (next === null || isOptionList(next)) {
      props.onChange({ text: '', value: '' });
    } else {
      props.onChange(copyOption(next));
    }
  };

  return (
    <Field label={label} ids={ids} hint={hint} error={error} className={className}>
      <DescribedByContext value={describedBy(ids, hint, error)}>
        <Select<DropdownOption, boolean>
          ref={ref}
          inputId={ids.inputId}
          instanceId={ids.inputId}
          classNamePrefix="dropdown"
          name={name}
          options={options}
          value={selected}
          onChange={handleChange}
          onBlur={onBlur}
          isMulti={props.isMulti ?? false}
          // Always searchable underneath; ReadOnlyInput is what stops typing when it should not be.
          isSearchable
          components={isSearchable ? searchableComponents : readOnlyComponents}
          isDisabled={isDisabled}
          isLoading={isLoading}
          isClearable={isClearable}
          required={required}
          placeholder={placeholder}
          noOptionsMessage={noOptionsMessage}
          loadingMessage={loadingMessage}
          getOptionLabel={getOptionLabel}
          getOptionValue={getOptionValue}
          maxMenuHeight={DROPDOWN_MENU_MAX_HEIGHT}
          styles={styles}
          aria-invalid={error ? true : undefined}
        />
      </DescribedByContext>
    </Field>
  );
}
