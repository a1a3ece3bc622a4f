package i18n

// deClock is German for the rest of issue #36: the average length on the
// history and member pages, the clock of a game played along or entered
// round by round, and the evening's note.
var deClock = map[string]string{
	// Average length.
	"Average length: %s": "Durchschnittliche Spieldauer: %s",
	"(1 game with a known length; pauses over 30 minutes and the clock's pauses left out)":   "(1 Partie mit bekannter Dauer; Pausen über 30 Minuten und Pausen der Uhr zählen nicht mit)",
	"(%d games with a known length; pauses over 30 minutes and the clock's pauses left out)": "(%d Partien mit bekannter Dauer; Pausen über 30 Minuten und Pausen der Uhr zählen nicht mit)",

	// The clock.
	"Clock of game %d started": "Uhr für Partie %d gestartet",
	"Clock of game %d paused":  "Uhr für Partie %d angehalten",
	"the clock times a game played along or entered round by round, and this table has none at hand": "Die Uhr misst eine Partie, die mitgespielt oder Runde für Runde eingetragen wird, und an diesem Tisch läuft gerade keine",
	"the clock times game %d, the game at hand, not game %d":                                         "Die Uhr misst Partie %d, die laufende Partie, nicht Partie %d",
	"the clock of game %d is running already":                                                        "Die Uhr von Partie %d läuft schon",
	"the clock of game %d is not running":                                                            "Die Uhr von Partie %d läuft nicht",

	"Time played by the clock:": "Spielzeit nach der Uhr:",
	"paused":                    "angehalten",
	"Start the clock":           "Uhr starten",
	"Pause the clock":           "Uhr anhalten",
	"Start the clock again":     "Uhr weiterlaufen lassen",
	"Played in %s by the clock (its pauses left out).":                                             "Spieldauer nach der Uhr: %s (ohne ihre Pausen).",
	"Someone else just changed this table, so the clock was not changed. Here it is as it is now.": "Jemand anderes hat gerade an diesem Tisch etwas geändert, deshalb wurde die Uhr nicht verändert. Hier ist sie, wie sie jetzt steht.",

	// The evening's note.
	"The evening's note:":                             "Notiz zum Abend:",
	"A note on this evening (at most 280 characters)": "Eine Notiz zu diesem Abend (höchstens 280 Zeichen)",
	"The evening's note taken away":                   "Notiz zum Abend entfernt",
	"The evening's note: %s":                          "Notiz zum Abend: %s",
	"the evening's note":                              "die Notiz zum Abend",
	"the evening has this note already":               "Der Abend hat diese Notiz schon",
}
