package i18n

// deEntry is the German of entering a result: the check before a broken
// entry is saved (issue #18).
var deEntry = map[string]string{
	"Not saved yet: 1 thing to check":          "Noch nicht gespeichert: 1 Problem",
	"Not saved yet: %d things to check":        "Noch nicht gespeichert: %d Probleme",
	"Nothing is saved until you choose below.": "Gespeichert wird erst, wenn du unten wählst.",
	"nothing entered yet":                      "noch nichts eingetragen",
	"%s: nothing entered yet":                  "%s: noch nichts eingetragen",
	"Fix it":                                   "Korrigieren",
	"Save as disputed":                         "Als strittig speichern",
	"Save as it is":                            "So speichern",
	"A disputed game is kept with every broken rule shown; it counts in no standing until it is corrected or counted as entered.": "Eine strittige Partie bleibt mit jeder verletzten Regel gespeichert; sie zählt in keinem Stand, bis sie korrigiert oder wie eingegeben gewertet wird.",
	"Not saved yet. Fix what is listed, then check and save again.":                                                               "Noch nicht gespeichert. Korrigiere, was unten steht, dann prüfe und speichere noch einmal.",
}
