package i18n

// dePlayKKS is German for the KKS play-along pages and the engine's refusals.
var dePlayKKS = map[string]string{}
