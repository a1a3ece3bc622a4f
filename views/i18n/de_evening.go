package i18n

// deEvening is German for an evening on one table: choosing the next
// game and who starts it, the evening's standing, a game's ranking and
// what follows it.
var deEvening = map[string]string{
	// Choosing the next game.
	"Next game":                        "Nächstes Spiel",
	"Next game: choose the game":       "Nächstes Spiel: Spiel wählen",
	"Next game chosen.":                "Nächstes Spiel gewählt.",
	"Next game chosen: %s":             "Nächstes Spiel gewählt: %s",
	"Next game chosen: %s, %s starts":  "Nächstes Spiel gewählt: %s, %s beginnt",
	"Which game?":                      "Welches Spiel?",
	"The evening: %s":                  "Der Abend: %s",
	"End the evening: its ranking":     "Abend beenden: die Rangliste",
	"Who starts?":                      "Wer fängt an?",
	"Played here before (tap to add):": "Schon hier gespielt (antippen zum Eintragen):",
	"Move player %d up":                "Person %d nach oben",
	"Move player %d down":              "Person %d nach unten",
	"Pick at random":                   "Zufällig wählen",
	"Start this game":                  "Dieses Spiel beginnen",
	"for %d to %d players":             "für %d bis %d Personen",

	// Refusals.
	"%q is not one of the players named": "%q ist keine der genannten Personen",
	"a game is being played along at this table; finish or undo it before choosing the next game": "An diesem Tisch wird gerade eine Partie mitgespielt; beende sie oder nimm sie zurück, bevor du das nächste Spiel wählst",
	"game %d is not over yet; finish or undo its rounds before choosing the next game":            "Partie %d ist noch nicht zu Ende: Trag ihre übrigen Runden ein oder nimm sie zurück, bevor du das nächste Spiel wählst",
	"%s is played by %d to %d players, and %d sit at this table":                                  "%s spielen %d bis %d Personen, an diesem Tisch sitzen %d",

	// The evening's standing.
	"Standing":                                "Stand",
	"One game of %s: the most points lead.":   "Eine Partie %s: Die meisten Punkte führen.",
	"One game of %s: the fewest points lead.": "Eine Partie %s: Die wenigsten Punkte führen.",
	"%[1]d games of %[2]s: each player's totals added, the most points lead, as its rules add several games.":                           "%[1]d Partien %[2]s: Die Summen jeder Person werden addiert, wer die meisten Punkte hat, führt – so zählen die Regeln mehrere Partien.",
	"%[1]d games of %[2]s: each player's totals added, the fewest points lead, as its rules add several games.":                         "%[1]d Partien %[2]s: Die Summen jeder Person werden addiert, wer die wenigsten Punkte hat, führt – so zählen die Regeln mehrere Partien.",
	"Different games cannot add their scores: each game gives points by place (%s for 1st, 2nd, …; a tie shares them), as in a league.": "Verschiedene Spiele lassen sich nicht addieren: Jede Partie gibt Punkte nach Platz (%s für 1., 2., …; Gleichstand teilt sie), wie in einer Liga.",
	"%d · %s":                             "%d · %s",
	"%d. (%s)":                            "%d. (%s)",
	"game %d in progress, round 1":        "Partie %d läuft, Runde 1",
	"game %[2]d in progress, round %[1]d": "Partie %[2]d läuft, Runde %[1]d",
	"Game %d in progress, round 1":        "Partie %d läuft, Runde 1",
	"Game %[2]d in progress, round %[1]d": "Partie %[2]d läuft, Runde %[1]d",

	// A game's ranking and what follows it.
	"%d.":                              "%d.",
	"Play again with the same players": "Noch einmal mit denselben Personen",
	"Share the result":                 "Ergebnis teilen",
	"The result to pass on: this link shows the table and cannot change it.": "Das Ergebnis zum Weitergeben: Dieser Link zeigt den Tisch und kann nichts ändern.",

	// An unnamed table is named after its day.
	"Monday evening":    "Montagabend",
	"Tuesday evening":   "Dienstagabend",
	"Wednesday evening": "Mittwochabend",
	"Thursday evening":  "Donnerstagabend",
	"Friday evening":    "Freitagabend",
	"Saturday evening":  "Samstagabend",
	"Sunday evening":    "Sonntagabend",
}
