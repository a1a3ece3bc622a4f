package i18n

// deCounted is German for what counts in an evening (ruling G-5): a
// disputed game, counted as entered, scores as typed, a game kept
// unfinished when play along stopped, and stopping a game played along.
var deCounted = map[string]string{
	// A game's status.
	"disputed — not counted":   "strittig — zählt nicht",
	"counted as entered":       "wie eingegeben gewertet",
	"scores as typed":          "Punkte wie eingetippt",
	"unfinished — not counted": "unvollendet — zählt nicht",
	"in progress":              "läuft",
	"Counted as entered":       "Wie eingegeben gewertet",
	"Unfinished — not counted": "Unvollendet — zählt nicht",
	"code:":                    "Code:",

	// The verdict of a table's game.
	"Totals below are computed anyway so you can compare. The game counts in no standing until its entry is corrected or the table counts it as entered.": "Die Summen unten sind trotzdem berechnet, damit ihr vergleichen könnt. Die Partie zählt in keinem Stand, bis ihr Eintrag korrigiert ist oder der Tisch sie wie eingegeben wertet.",
	"Count it as entered":                                                       "Wie eingegeben werten",
	"Counted as entered: %s wins":                                               "Wie eingegeben gewertet: %s gewinnt",
	"Counted as entered: %s tie for the win":                                    "Wie eingegeben gewertet: %s gewinnen gemeinsam",
	"1 rule is broken; the table chose to count the game as it was entered.":    "1 Regel ist verletzt; der Tisch hat entschieden, die Partie wie eingegeben zu werten.",
	"%d rules are broken; the table chose to count the game as it was entered.": "%d Regeln sind verletzt; der Tisch hat entschieden, die Partie wie eingegeben zu werten.",
	"Scores as typed: no rules checked them.":                                   "Punkte wie eingetippt: keine Regel hat sie geprüft.",
	"The game is not over yet":                                                  "Die Partie ist noch nicht vorbei",
	"The table stopped playing this game along and kept it as it stood. Correct it to enter how it ended.": "Der Tisch hat das Mitspielen dieser Partie beendet und sie so behalten, wie sie stand. Korrigiere sie, um einzutragen, wie sie ausging.",
	"Counted as entered: the game counts as it was entered, its broken rules still shown.":                 "Wie eingegeben gewertet: Die Partie zählt so, wie sie eingegeben wurde; ihre verletzten Regeln bleiben sichtbar.",

	// The table's standing.
	"No game counts yet":  "Noch zählt keine Partie",
	"No game counts yet.": "Noch zählt keine Partie.",
	"No game counts yet: a game counts once it is over and not disputed.": "Noch zählt keine Partie: Eine Partie zählt, sobald sie vorbei und nicht strittig ist.",
	"1 disputed game not counted":                                         "1 strittige Partie zählt nicht",
	"%d disputed games not counted":                                       "%d strittige Partien zählen nicht",
	"Points by place after 1 game":                                        "Platzpunkte nach 1 Partie",
	"Points by place after %d games":                                      "Platzpunkte nach %d Partien",
	"Game %d is over":                                                     "Partie %d ist vorbei",
	"%s: disputed, not counted (1 rule broken).":                          "%s: strittig, zählt nicht (1 Regel verletzt).",
	"%[2]s: disputed, not counted (%[1]d rules broken).":                  "%[2]s: strittig, zählt nicht (%[1]d Regeln verletzt).",
	"%s: no winner.":                                                      "%s: ohne Sieg.",
	"Game %d is not over yet: enter its last round, or stop it here, before choosing the next game.": "Partie %d ist noch nicht vorbei: Trag ihre letzte Runde ein oder beende sie hier, bevor du das nächste Spiel wählst.",

	// A round game stopped before its end.
	"Stop this game":                          "Diese Partie beenden",
	"%s, game %d: 1 round so far.":            "%s, Partie %d: bisher 1 Runde.",
	"%[2]s, game %[3]d: %[1]d rounds so far.": "%[2]s, Partie %[3]d: bisher %[1]d Runden.",
	"An unfinished game keeps its rounds and counts nowhere. Undo on the table lets it go on.": "Eine unvollendete Partie behält ihre Runden und zählt nirgends. Rückgängig am Tisch lässt sie weiterlaufen.",
	"Stopped: the game is kept as an unfinished game. Undo on the table lets it go on.":        "Beendet: Die Partie bleibt als unvollendete Partie. Rückgängig am Tisch lässt sie weiterlaufen.",
	"Game %d stopped before its end: kept as an unfinished game":                               "Partie %d vor ihrem Ende beendet: als unvollendete Partie behalten",
	"stopping game %d": "Beenden von Partie %d",
	"no game entered round by round is going on at this table": "An diesem Tisch läuft keine Partie, die Runde für Runde eingetragen wird",
	"game %d is not the game going on: game %d is":             "Partie %d ist nicht die laufende Partie: Partie %d ist es",

	// Link previews.
	"Disputed — not counted.":                            "Strittig — zählt nicht.",
	"%s won. Counted as entered, rules broken.":          "%s hat gewonnen. Wie eingegeben gewertet, Regeln verletzt.",
	"%s won. Scores as typed, not checked by the rules.": "%s hat gewonnen. Punkte wie eingetippt, nicht nach den Regeln geprüft.",
	"1 disputed game is not counted.":                    "1 strittige Partie zählt nicht.",
	"%d disputed games are not counted.":                 "%d strittige Partien zählen nicht.",
	"The evening after 1 game, by places: %s leads.":     "Der Abend nach 1 Partie, nach Plätzen: %s führt.",
	"The evening after %d games, by places: %s leads.":   "Der Abend nach %d Partien, nach Plätzen: %s führt.",

	// Playing along: the way back and the way out.
	"← Back to the table":           "← Zurück zum Tisch",
	"Stop playing along":            "Mitspielen beenden",
	"Keep it as an unfinished game": "Als unvollendete Partie behalten",
	"Discard it":                    "Verwerfen",
	"An unfinished game counts nowhere until it is corrected. Undo on the table brings the game back.": "Eine unvollendete Partie zählt nirgends, bis sie korrigiert ist. Rückgängig am Tisch holt die Partie zurück.",
	"%s is being played along: 1 move so far.":                                                         "%s wird mitgespielt: bisher 1 Zug.",
	"%[2]s is being played along: %[1]d moves so far.":                                                 "%[2]s wird mitgespielt: bisher %[1]d Züge.",
	"Stopped playing along: the game is kept as an unfinished game. Undo brings the game back.":        "Mitspielen beendet: Die Partie bleibt als unvollendete Partie. Rückgängig holt die Partie zurück.",
	"Stopped playing along: the game was discarded. Undo brings it back.":                              "Mitspielen beendet: Die Partie wurde verworfen. Rückgängig holt sie zurück.",
	"Played along now: %s": "Wird gerade mitgespielt: %s",
	"1 move so far":        "bisher 1 Zug",
	"%d moves so far":      "bisher %d Züge",

	// The table's history and its undo button.
	"Game %d counted as entered":                        "Partie %d wie eingegeben gewertet",
	"game %d counted as entered":                        "Partie %d wie eingegeben gewertet",
	"Stopped playing along: kept as unfinished game %d": "Mitspielen beendet: als unvollendete Partie %d behalten",
	"Stopped playing along: the game was discarded":     "Mitspielen beendet: die Partie wurde verworfen",
	"stopping the game played along":                    "Beenden der mitgespielten Partie",

	// The store's refusals.
	"game %d is not over: only a finished game is counted as entered": "Partie %d ist nicht vorbei: Nur eine beendete Partie wird wie eingegeben gewertet",
	"game %d is not disputed: it counts already":                      "Partie %d ist nicht strittig: Sie zählt schon",
	"no game is being played along at this table":                     "An diesem Tisch wird keine Partie mitgespielt",
	"no move was made yet, so there is nothing to keep: discard it":   "Es wurde noch kein Zug gemacht, es gibt also nichts zu behalten: Verwirf sie",
	"%s cannot keep a game played along as it stands: discard it":     "%s kann eine mitgespielte Partie nicht so behalten, wie sie steht: Verwirf sie",
	"this position cannot be kept as a game (%s): discard it":         "Diese Stellung kann nicht als Partie behalten werden (%s): Verwirf sie",
	"the game played along stands otherwise than the file says":       "Die mitgespielte Partie steht anders, als die Datei sagt",
}
