// The sampling settings a chat, an assistant or the dialogue's settings start
// from when nobody chose others (SPEC §9): one home for the browser and the
// server, so a new chat and the settings dialog never disagree.

/** A model's temperature when none is chosen. */
export const DEFAULT_TEMPERATURE = 0.8;

/** A model's top_p when none is chosen. */
export const DEFAULT_TOP_P = 1;
