package i18n

// deStats is German for the result cards (views/card), the league's
// member pages, its ratings and the questions asked when a table joins a
// league (#22).
var deStats = map[string]string{
	"Checked by the rules":        "Nach den Regeln geprüft",
	"Disputed":                    "Strittig",
	"Not checked by the rules":    "Nicht nach den Regeln geprüft",
	"Partly checked by the rules": "Teils nach den Regeln geprüft",
	"%s: disputed":                "%s: strittig",
	"Fewest points win":           "Die wenigsten Punkte gewinnen",
	"Evening standing":            "Stand des Abends",
	"1 win":                       "1 Sieg",
	"%d wins":                     "%d Siege",
	"and %d more":                 "und %d weitere",

	// Member pages.
	"League %s":                              "Liga %s",
	"Members":                                "Mitglieder",
	"Also counted as %s":                     "Zählt auch als %s",
	"No games counted for %s yet.":           "Für %s zählt noch keine Partie.",
	"game played":                            "Partie gespielt",
	"games played":                           "Partien gespielt",
	"game won":                               "Partie gewonnen",
	"win rate":                               "Siegquote",
	"wins in a row now":                      "aktuelle Siegesserie",
	"longest winning streak":                 "längste Siegesserie",
	"rating, rank %d":                        "Spielstärke, Rang %d",
	"Favourite game":                         "Lieblingsspiel",
	"Rival":                                  "Rivale",
	"beaten most often":                      "am häufigsten geschlagen",
	"Nemesis":                                "Angstgegner",
	"wins against them most often":           "am häufigsten dagegen verloren",
	"Ahead of %[1]s in %[2]d of %[3]d games": "Vor %[1]s in %[2]d von %[3]d Partien",
	"Behind %[1]s in %[2]d of %[3]d games":   "Hinter %[1]s in %[2]d von %[3]d Partien",
	"nobody yet":                             "noch niemand",
	"Placings over time":                     "Platzierungen im Lauf der Zeit",
	"Share of the table finishing behind %s, game by game": "Anteil der Personen hinter %s, Partie für Partie",
	"(1 earlier game not shown)":                           "(1 frühere Partie nicht gezeigt)",
	"(%d earlier games not shown)":                         "(%d frühere Partien nicht gezeigt)",
	"place %d of %d":                                       "Platz %d von %d",
	"won":                                                  "gewonnen",
	"Place":                                                "Platz",
	"Per game":                                             "Je Spiel",
	"Average":                                              "Schnitt",
	"Best":                                                 "Bestwert",
	"fewest points win":                                    "die wenigsten Punkte gewinnen",
	"%[1]d ahead · %[2]d behind · %[3]d level":                      "%[1]d vorn · %[2]d hinten · %[3]d gleich",
	"never at the same table":                                       "nie am selben Tisch",
	"Merge %s into another member; all these games count for them.": "%s mit einem anderen Mitglied zusammenführen, für das dann alle diese Partien zählen.",
	"%s is not a member of %s.":                                     "%s ist kein Mitglied von %s.",

	// Ratings.
	"How strong each player seems from whom they beat in every game, of any number of players (OpenSkill); ± is how unsure that still is and shrinks with every game, and the rating shown is the careful one: the estimate minus three times ±.": "Wie stark jemand spielt, gemessen daran, wen er oder sie in jeder Partie hinter sich gelassen hat, egal wie viele Personen dabei waren (OpenSkill); ± ist, wie unsicher das noch ist, und wird mit jeder Partie kleiner. Gezeigt wird die vorsichtige Spielstärke: die Schätzung minus dreimal ±.",

	// Seating members and adding a table.
	"Tap who plays, in seat order": "Tippe an, wer mitspielt, in Sitzreihenfolge",
	"Who is who?":                  "Wer ist wer?",
	"Who is who at %s?":            "Wer ist wer bei %s?",
	"this table":                   "diesem Tisch",
	"Some names at this table are new to the league. Say who each one is: their games then count for that member. Nothing at the table changes.": "Einige Namen an diesem Tisch sind neu in der Liga. Sag, wer jeweils gemeint ist: Die Partien zählen dann für dieses Mitglied. Am Tisch ändert sich nichts.",
	"%s is not a member yet.":                                  "%s ist noch kein Mitglied.",
	"%[1]s could be %[2]s.":                                    "%[1]s könnte %[2]s sein.",
	"%[1]s could be %[2]s: say which.":                         "%[1]s könnte %[2]s sein: Sag, wer.",
	"%s is new to the league":                                  "%s ist neu in der Liga",
	"%s, already a member":                                     "%s, schon Mitglied",
	"say who %s is: a new member or one already in the league": "sag, wer %s ist: ein neues Mitglied oder jemand, der schon in der Liga ist",
	"%s is not a member of %s":                                 "%s ist kein Mitglied von %s",

	// Link previews of the view-only and public pages.
	"%[1]s after 1 game: %[2]s leads.":          "%[1]s nach 1 Partie: vorn liegt %[2]s.",
	"%[2]s after %[1]d games: %[3]s leads.":     "%[2]s nach %[1]d Partien: vorn liegt %[3]s.",
	"%[1]s, game %[2]d":                         "%[1]s, Partie %[2]d",
	"%s won. Checked by the rules.":             "Sieg: %s. Nach den Regeln geprüft.",
	"Standings after 1 game: %s first.":         "Stand nach 1 Partie: %s vorn.",
	"Standings after %[1]d games: %[2]s first.": "Stand nach %[1]d Partien: %[2]s vorn.",

	// Between numbers with decimals (a trend): German writes the decimal with a comma.
	", ": "; ",
}
