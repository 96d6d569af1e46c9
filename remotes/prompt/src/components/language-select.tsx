// The output-language select of the image tools, over the spec's language list: each sent as its id, shown by its
// name in the page's language.
import { LANGUAGES, OUTPUT_LANGUAGE_TEXTS, type Language, type Option } from '@act/contracts';
import { OptionSelect, type OptionSelectProps } from './option-select';

const LANGUAGE_OPTIONS: readonly Option<Language>[] = LANGUAGES.map((language) => ({
  id: language,
  label: OUTPUT_LANGUAGE_TEXTS[language],
}));

export type LanguageSelectProps = Omit<OptionSelectProps<Language>, 'options'>;

export function LanguageSelect(props: LanguageSelectProps) {
  return <OptionSelect<Language> options={LANGUAGE_OPTIONS} {...props} />;
}
