import { Input } from '@chakra-ui/react';

interface SuggestingInputProps {
  text: string;
  /** The id of the suggestions' list, unique on the page. */
  listId: string;
  maxLength: number | undefined;
  /** `id` tells apart suggestions of the same text (two points of one name in different places). */
  suggestions: readonly { value: string; label: string; id?: string | number }[];
  /** The text as typed; an empty text is for the field to keep or remove. */
  onText(next: string): void;
}

/**
 * A text input with the browser's list of suggestions under it: for names
 * that bind data (data points, intents), where any text is taken and the
 * list only helps to find one.
 */
export function SuggestingInput({ text, listId, maxLength, suggestions, onText }: SuggestingInputProps) {
  return (
    <>
      <Input
        value={text}
        list={listId}
        autoComplete="off"
        maxLength={maxLength}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion.id ?? suggestion.value} value={suggestion.value} label={suggestion.label} />
        ))}
      </datalist>
    </>
  );
}
