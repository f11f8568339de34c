export declare function tinyPng(width?: number, height?: number, rgb?: number[]): Uint8Array;
export declare function voiceNoteOgg(): Uint8Array;
