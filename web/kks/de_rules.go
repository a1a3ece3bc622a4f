package kks

// germanRules is German for what only this game says, moved here from
// the shared catalog (views/i18n): its rulings ("ruling.<id>"), the
// codes only its engine answers ("violation.<code>"), its engine's
// sentences and the words of its editor. The registry registers it with
// german (kit.German).
var germanRules = map[string]string{
	"ruling.KKS-1":                      "Es gibt 40 Zahlenkarten: Werte 1–10 in Schwarz, Rot, Blau und Gelb, jede Karte einmal; 7 Chips pro Person.",
	"ruling.KKS-2":                      "Jede Farbe ist eine Farbreihe. Sie beginnt offen; eine höhere Karte kommt offen darauf, eine niedrigere verdeckt, und auf eine verdeckte Karte kommt jede Karte offen.",
	"ruling.KKS-3":                      "Das Spiel endet, wenn der Stapel aufgebraucht und die Runde zu Ende gespielt ist; daher hat jede Auslage gleich viele Karten: 17 zu zweit, 12 zu dritt, 9 zu viert.",
	"ruling.KKS-4":                      "Der Chip-Vorrat ist nie negativ, und alle zusammen haben höchstens 7 Chips pro Person.",
	"ruling.KKS-5":                      "Wertung: offene Werte, minus 1 pro verdeckter Karte, plus 1 pro übrigem Chip. Die meisten Punkte gewinnen; bei Gleichstand gewinnen alle.",
	"ruling.KKS-6":                      "Sonderkarten werden notiert (3 der 15); ihre Wirkung wird als benannte Korrektur eingetragen, und Regelprüfungen werden zu Warnungen.",
	"violation.duplicate_card":          "Eine Karte liegt doppelt am Tisch; jede Karte gibt es nur einmal.",
	"violation.face_down_start":         "Die Farbreihe beginnt mit einer verdeckten Karte; die erste Karte einer Farbe liegt immer offen.",
	"violation.face_down_on_face_down":  "Eine verdeckte Karte liegt auf einer verdeckten Karte; auf eine verdeckte Karte kommt jede Karte offen.",
	"violation.face_down_not_lower":     "Eine verdeckte Karte liegt auf einer niedrigeren offenen Karte; nur eine niedrigere Karte wird verdeckt gelegt.",
	"violation.card_count":              "Die Auslage hat nicht so viele Karten, wie es Züge gab (eine Karte pro Zug).",
	"violation.token_total":             "Die Chips gehen nicht auf: Ein Vorrat ist nie negativ, und zusammen gibt es höchstens 7 Chips pro Person.",
	"violation.special_cards":           "Die Sonderkarten passen nicht: Eine Partie nutzt 3 verschiedene Sonderkarten von 1 bis 15.",
	"violation.adjustment_not_allowed":  "Eine Korrektur ist eingetragen, aber keine Sonderkarten sind im Spiel; Korrekturen halten nur Wirkungen von Sonderkarten fest.",
	"violation.adjustment_card":         "Eine Korrektur nennt eine Sonderkarte, die nicht im Spiel ist.",
	"violation.row_size":                "Die Kartenreihe beginnt mit der falschen Zahl an Karten.",
	"violation.card_seen":               "Diese Karte liegt schon am Tisch; jede Karte gibt es nur einmal.",
	"violation.no_such_position":        "Diese Stelle gibt es in der Kartenreihe nicht.",
	"violation.reveal_missing":          "Der Stapel hat noch Karten: Nenne die Karte, die zum Auffüllen aufgedeckt wird.",
	"violation.reveal_after_empty_deck": "Der Stapel ist leer, also wird keine Karte mehr aufgedeckt; in der letzten Runde wird die Reihe nicht aufgefüllt.",
	"Special cards in play":             "Sonderkarten im Spiel",
	"Tick the 3 special cards you play with (ruling KKS-6). Their effects are entered as adjustments per player; rule checks then become warnings.": "Kreuze die 3 Sonderkarten an, mit denen ihr spielt (Regel KKS-6). Ihre Wirkung wird pro Person als Korrektur eingetragen; Regelprüfungen werden dann zu Warnungen.",
	"Tokens left in supply":                                         "Chips im Vorrat",
	"Special-card adjustments":                                      "Korrekturen durch Sonderkarten",
	"Points (+/−)":                                                  "Punkte (+/−)",
	"Reason":                                                        "Grund",
	"bottom to top, e.g. 4 6 x 5":                                   "von unten nach oben, z. B. 4 6 x 5",
	"tokens must be a whole number, not %q":                         "Chips müssen eine ganze Zahl sein, nicht %q",
	"special cards are numbered 1–%d, not %q":                       "Sonderkarten sind von 1 bis %d nummeriert, nicht %q",
	"an adjustment names its special card by number (1–%d)":         "eine Korrektur nennt ihre Sonderkarte mit der Nummer (1–%d)",
	"an adjustment's points must be a whole number such as 3 or -2": "die Punkte einer Korrektur müssen eine ganze Zahl sein, etwa 3 oder -2",
	"%s face-up":                                                    "%s offen",
	"%s face-down":                                                  "%s verdeckt",
	"special card %d: %s":                                           "Sonderkarte %d: %s",
	"%q is not a card: write a value (4), x for a face-down card, or x4 for a face-down 4": "%q ist keine Karte: Schreib einen Wert (4), x für eine verdeckte Karte oder x4 für eine verdeckte 4",
	"Whoever has the largest suitcase at home starts.":                                     "Wer zu Hause den größten Koffer hat, beginnt.",
}
