import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3Prompt } from '@ai-sdk/provider';

/** The text parts of the last user message: what the user just said, so what memory is asked about and posted as the round's user side. */
export function lastUserText(prompt: LanguageModelV3Prompt): string | undefined {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== 'user') continue;
    const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    return text.trim() ? text : undefined;
  }
  return undefined;
}

/**
 * The prompt with the SIP as a system message after the caller's own leading system messages: providers that take
 * one system block (Anthropic, Google) merge leading system messages, and some reject a system message mid-conversation.
 */
export function withSystemMessage(params: LanguageModelV3CallOptions, content: string): LanguageModelV3CallOptions {
  const at = params.prompt.findIndex((message) => message.role !== 'system');
  const prompt = [...params.prompt];
  prompt.splice(at === -1 ? prompt.length : at, 0, { role: 'system', content });
  return { ...params, prompt };
}

/** The reply's text, as the round's assistant side (tool calls, reasoning and files are not part of a round). */
export function replyText(content: LanguageModelV3Content[]): string {
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}
