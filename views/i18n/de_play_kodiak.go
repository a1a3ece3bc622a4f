package i18n

// dePlayKodiak is German for the Kodiak play-along pages and the engine's refusals.
var dePlayKodiak = map[string]string{}
