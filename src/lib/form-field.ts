/** What a server-rendered form field shows, as a page's view-model describes it (components/ui/FormField.astro). */
export interface FieldSpec {
  name: string;
  label: string;
  value?: string;
  kind?: 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select';
  required?: boolean;
  maxlength?: number;
  min?: number;
  max?: number;
  hint?: string;
  autocomplete?: string;
  options?: { value: string; label: string }[];
  disabled?: boolean;
  /** Spans every column of the form's grid. */
  wide?: boolean;
}
