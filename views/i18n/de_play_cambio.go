package i18n

// dePlayCambio is German for the Cambio play-along pages and the engine's refusals.
var dePlayCambio = map[string]string{}
