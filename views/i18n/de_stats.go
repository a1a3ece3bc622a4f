package i18n

// deStats is German for the result cards (views/card) and, later, the
// league's member pages.
var deStats = map[string]string{
	"Checked by the rules": "Nach den Regeln geprüft",
	"Disputed":             "Strittig",
	"%s: disputed":         "%s: strittig",
	"Fewest points win":    "Die wenigsten Punkte gewinnen",
	"Evening standing":     "Stand des Abends",
	"1 win":                "1 Sieg",
	"%d wins":              "%d Siege",
	"and %d more":          "und %d weitere",
}
