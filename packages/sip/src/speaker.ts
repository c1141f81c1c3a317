// A leading speaker label ("Caroline: ") names who says every sentence of the turn.
export const SPEAKER = /^([\p{L}\p{N}][\p{L}\p{N} .'-]{0,40}):\s/u;

export const speakerOf = (text: string) => SPEAKER.exec(text.trimStart())?.[1]?.toLowerCase() ?? null;
