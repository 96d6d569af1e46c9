// What load-tests/ uses of prompt (the package's `@act/prompt/bench` entry): the rule-based Magic Enhance the prompt
// floor (load-tests/servers/prompt-floor.ts) runs, the same the bench's prompt service runs with PROMPT_PROVIDER=local.
export { enhancePromptByRules } from './providers/magic-enhance-rules';
