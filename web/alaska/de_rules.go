package alaska

// germanRules is German for what only this game says, moved here from
// the shared catalog (views/i18n): its rulings ("ruling.<id>"), the
// codes only its engine answers ("violation.<code>"), its engine's
// sentences and the words of its editor. The registry registers it with
// german (kit.German).
var germanRules = map[string]string{
	"ruling.ALA-1":               "Zehn Flussabschnitte im Kreis; ein Wurf trifft den Abschnitt mit seiner Zahl; jeder gefangene Lachs ist 1 Punkt.",
	"ruling.ALA-2":               "Ein Angler fängt einen Lachs, wenn eine Strömung ihn aus dem Abschnitt des Anglers trägt; bis dahin liegt er neben dem Angler (Option on_contact: auch, wenn er in den Abschnitt oder daran entlang schwimmt).",
	"ruling.ALA-3":               "Jede Zahlenkarte kann geworfen werden; ein Wurf von 0 oder über 10 landet im offenen Wasser und fängt nichts.",
	"ruling.ALA-4":               "Ein Angler pro Abschnitt: Ein Tourist auf dem Abschnitt eines Einheimischen vertreibt beide; jeder andere Angler auf einem besetzten Abschnitt wird abgelehnt.",
	"violation.roll_missing":     "Beim Wurf in einen Abschnitt mit Angler und Lachs wird gewürfelt (Würfel-Variante): Sag, ob der Würfel den Lachs zeigt.",
	"violation.roll_not_needed":  "Gewürfelt wird nur in der Würfel-Variante, bei einem Wurf in einen Abschnitt mit Angler und Lachs.",
	"violation.no_salmon":        "Dort liegt kein Lachs.",
	"violation.no_angler":        "Dort angelt niemand, oder das ist kein Angler (Tourist oder Einheimischer).",
	"violation.nothing_to_eat":   "Ein Bär frisst nur einen Lachs, den gerade jemand gefangen hat.",
	"violation.cast_cards":       "Ein Wurf besteht aus einer Zahlenkarte oder zwei kombinierten.",
	"violation.no_section":       "Diesen Flussabschnitt gibt es nicht.",
	"violation.section_taken":    "Dieser Flussabschnitt ist schon besetzt; nur ein Tourist auf einem Einheimischen vertreibt ihn.",
	"violation.salmon_total":     "Am Tisch liegen mehr Lachse, als der Stapel Karten hat.",
	"violation.draw_pile":        "Der Nachziehstapel kann nicht so viele Karten haben.",
	"violation.eagle_target":     "Der Adler nimmt entweder einen Lachs oder verjagt einen Angler: Nenne genau eins davon.",
	"violation.final_turn_cards": "Im letzten Zug müssen alle Handkarten gespielt werden.",
	"violation.flow_count":       "So viele Strömungskarten können nicht gespielt werden.",
	"violation.keep_too_many":    "Spiele alle Karten bis auf höchstens eine, bevor du nachziehst.",
	"violation.no_cards":         "Dafür fehlen die Karten auf der Hand.",
	"violation.not_possible":     "Dieser Zug ist nicht möglich.",
	"violation.own_catch":        "Den eigenen Lachs kann man nicht fressen lassen: Ein Bär wird außer der Reihe nach dem Fang einer anderen Person geworfen.",
	"violation.phase_order":      "Die Reihenfolge des Zuges stimmt nicht: erst Lachskarten in den Fluss, dann Strömung, dann der Wurf.",
	"violation.sitting_out":      "Wer einen Touristen geangelt hat, setzt diesen Zug aus: keine Karten spielen, nur den Zug beenden und nachziehen.",
	"catch":                      "Fang",
	"Count the salmon each player caught and laid next to them.": "Zählt die Lachse, die jede Person gefangen und neben sich gelegt hat.",
	"Salmon caught":             "Gefangene Lachse",
	"salmon caught":             "gefangene Lachse",
	"The oldest player starts.": "Die älteste Person beginnt.",
}
