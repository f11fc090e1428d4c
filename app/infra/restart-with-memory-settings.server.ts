/**
 * Imported first by `server.ts`, for its side effect: a server started without the memory settings restarts itself in
 * place with them before any other module runs (app/infra/memory-settings.server.ts).
 */
import { applyMemorySettings } from '#app/infra/memory-settings.server.ts';

applyMemorySettings();
