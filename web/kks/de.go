package kks

import "maps"

// german is German for the KKS play-along pages and everything the
// engine says: refusals, violations and input errors.
// Words of the German rules: Kartenreihe, Stapel, Auslage, Farbreihe,
// Chips, offen/verdeckt.
var german = map[string]string{
	// The special cards of a guided game's setup (ruling KKS-6).
	"a game uses 3 different special cards numbered 1 to 15, not %v": "Eine Partie nutzt 3 verschiedene Sonderkarten mit den Nummern 1 bis 15, nicht %v",
	// Set-up page
	"play along":  "Mitspielen",
	"Lay the row": "Legt die Kartenreihe aus",
	"Shuffle the 40 number cards and lay 7 face up. Enter them left to right: position 1 is the free card.": "Mischt die 40 Zahlenkarten und legt 7 davon offen aus. Gib sie von links nach rechts ein: Position 1 ist die Karte, die nichts kostet.",
	"Card %d":                     "Karte %d",
	"e.g. red 10":                 "z. B. Rot 10",
	"Tap the cards in row order.": "Tippe die Karten in der Reihenfolge der Reihe an.",
	"Start the game":              "Spiel starten",

	// Turn page
	"turn %d of %d":        "Zug %d von %d",
	"1 card in the deck":   "1 Karte im Stapel",
	"%d cards in the deck": "%d Karten im Stapel",
	"%s to take a card":    "%s nimmt eine Karte",
	"Last round":           "Letzte Runde",
	"The deck is empty: finish the round so everyone has had the same number of turns (rule KKS-3).": "Der Stapel ist leer: Spielt die Runde zu Ende, damit alle gleich viele Züge hatten (Regel KKS-3).",
	"Close the gap, then turn up the top card of the deck. Which card is it?":                        "Schließt die Lücke und deckt dann die oberste Karte des Stapels auf. Welche Karte ist es?",
	"The deck is empty: close the gap, nothing is turned up.":                                        "Der Stapel ist leer: Schließt die Lücke, es wird nichts aufgedeckt.",
	"Take it":                  "Nehmen",
	"Take another card":        "Eine andere Karte nehmen",
	"The row":                  "Die Kartenreihe",
	"1 token on it":            "1 Chip darauf",
	"%d tokens on it":          "%d Chips darauf",
	"Take · %s":                "Nehmen · %s",
	"free":                     "kostenlos",
	"pay 1 token":              "1 Chip zahlen",
	"pay %d tokens":            "%d Chips zahlen",
	"pays %d":                  "zahlt %d",
	"Displays":                 "Auslagen",
	"1 token":                  "1 Chip",
	"%d tokens":                "%d Chips",
	"%s takes the %s %d (%s)":  "%s nimmt %s %d (%s)",
	"Choose the card to take.": "Wähle die Karte, die du nimmst.",

	// Where a taken card goes (kks.TakePreview), ruling KKS-2
	"the %s %d starts the %s stack face up":                                                 "%s %d beginnt offen die Farbreihe %s",
	"the %s %d goes face up: the topmost %s card is face down, and any value may lie on it": "%s %d kommt offen: Die oberste Karte der Farbreihe %s liegt verdeckt, darauf darf jeder Wert liegen",
	"the %s %d goes face up: it is higher than the topmost %s %d":                           "%s %d kommt offen: Sie ist höher als die oberste Karte (%s %d)",
	"the %s %d goes face down (−1 point): it is lower than the topmost %s %d":               "%s %d kommt verdeckt (−1 Punkt): Sie ist niedriger als die oberste Karte (%s %d)",

	// Cards typed into the row (kks.ReadCard, ParseSetup)
	"%q is not a card: write a colour and a value, like \"red 10\"":                          "%q ist keine Karte: Schreib eine Farbe und einen Wert, etwa „Rot 10“",
	"%q is not a colour: red, yellow, black or blue":                                         "%q ist keine Farbe: Rot, Gelb, Schwarz oder Blau",
	"%q is not a card value: 1 to 10":                                                        "%q ist kein Kartenwert: 1 bis 10",
	"the %s %d lies in the row already at position %d; each card exists once (ruling KKS-1)": "%s %d liegt schon an Position %d in der Reihe; jede Karte gibt es nur einmal (Regel KKS-1)",

	// Refusals (scoring/kks/play.go)
	"Koffer, Katze & Sombrero is played by 2 to 4 players, not %d":                                        "Koffer, Katze & Sombrero spielen 2 bis 4 Personen, nicht %d",
	"the first turn is for one of the %d players, not seat %d":                                            "den ersten Zug hat eine der %d Personen, nicht Platz %d",
	"the row starts with %d cards, not %d":                                                                "die Kartenreihe beginnt mit %d Karten, nicht mit %d",
	"row position %d: %s %d is not a number card":                                                         "Position %d der Reihe: %s %d ist keine Zahlenkarte",
	"row position %d: the %s %d lies in the row already; each card exists once":                           "Position %d der Reihe: %s %d liegt schon in der Reihe; jede Karte gibt es nur einmal",
	"the game is over after %d turns (%d each); no more cards are taken":                                  "das Spiel ist nach %d Zügen (%d pro Person) vorbei; es werden keine Karten mehr genommen",
	"%s cannot take position %d: the row holds positions 1 to %d":                                         "%s kann Position %d nicht nehmen: Die Reihe hat die Positionen 1 bis %d",
	"%s has no tokens left and must take the first card (position 1), not position %d":                    "%s hat keine Chips mehr und muss die erste Karte nehmen (Position 1), nicht Position %d",
	"%s has %d tokens but taking position %d skips %d cards, one token on each":                           "%s hat nur noch %d im Chip-Vorrat, aber wer Position %d nimmt, überspringt %d Karten und legt auf jede einen Chip",
	"the deck still holds %s: name the card turned up to refill the row":                                  "der Stapel hat noch %s: Gib die aufgedeckte Karte an, die die Reihe auffüllt",
	"the deck is empty, so no %s %d can be turned up; the row is not refilled in the last round":          "der Stapel ist leer, also kann %s %d nicht aufgedeckt werden; in der letzten Runde wird die Reihe nicht aufgefüllt",
	"the %s %d cannot come from the deck: it is in the row at position %d already; each card exists once": "%s %d kann nicht aus dem Stapel kommen: Sie liegt schon an Position %d in der Reihe; jede Karte gibt es nur einmal",
	"the %s %d cannot come from the deck: it is in %s's display already; each card exists once":           "%s %d kann nicht aus dem Stapel kommen: Sie liegt schon in der Auslage von %s; jede Karte gibt es nur einmal",
	"%s %d is not a number card":                                                                          "%s %d ist keine Zahlenkarte",

	// The play API's own input errors (scoring/kks/replay.go)
	"a step names the row position taken (1 is the free card)": "ein Zug nennt die genommene Position der Reihe (1 ist die kostenlose Karte)",

	// What the score check says (scoring/kks/state.go, validate.go)
	"a list of players is required":                                                                                        "eine Liste der Personen ist nötig",
	"unknown colour %q: red, yellow, black or blue":                                                                        "unbekannte Farbe %q: red, yellow, black oder blue",
	"an adjustment needs a reason, e.g. \"card 9: most red cards\"":                                                        "eine Korrektur braucht einen Grund, z. B. „Karte 9: die meisten roten Karten“",
	"a reason is at most %d characters":                                                                                    "ein Grund hat höchstens %d Zeichen",
	"holds %s, but with %d players every display ends with exactly %d (one per turn)":                                      "hat %s, aber mit %d Personen hat jede Auslage am Ende genau %d (eine pro Zug)",
	"%s: %s is not a card; values run from 1 to 10":                                                                        "%s: %s ist keine Karte; die Werte gehen von 1 bis 10",
	"holds the %s %d, and %s holds it too; each card exists once":                                                          "hat %s %d, und %s hat sie auch; jede Karte gibt es nur einmal",
	"holds the %s %d, twice in this display; each card exists once":                                                        "hat %s %d zweimal in dieser Auslage; jede Karte gibt es nur einmal",
	"%s: the stack starts with a face-down card; the first card of a colour is always placed face up":                      "%s: Die Farbreihe beginnt mit einer verdeckten Karte; die erste Karte einer Farbe liegt immer offen",
	"%s: card %d lies face down on a face-down card; any card placed on a face-down card goes face up":                     "%s: Karte %d liegt verdeckt auf einer verdeckten Karte; jede Karte auf einer verdeckten Karte kommt offen",
	"%s: a face-down %d lies on a face-up %d; only a lower card goes face down":                                            "%s: Eine verdeckte %d liegt auf einer offenen %d; nur eine niedrigere Karte kommt verdeckt",
	"%s: %d lies face up on %d; a face-up card must be higher than the face-up card below it (a lower one goes face down)": "%s: %d liegt offen auf %d; eine offene Karte muss höher sein als die offene Karte darunter (eine niedrigere kommt verdeckt)",
	"has %d tokens; a supply cannot be negative":                                                                           "hat %d Chips; ein Vorrat ist nie negativ",
	"the players hold %d tokens together, but %d players start with only %d (%d each)":                                     "alle zusammen haben %d Chips, aber %d Personen beginnen mit nur %d (je %d)",
	"special cards in play: %v; a game uses 3 different special cards numbered 1 to 15":                                    "Sonderkarten im Spiel: %v; eine Partie nutzt 3 verschiedene Sonderkarten von 1 bis 15",
	"has an adjustment (%s) but no special cards are in play; adjustments only record special-card effects":                "hat eine Korrektur (%s), aber es sind keine Sonderkarten im Spiel; Korrekturen halten nur Wirkungen von Sonderkarten fest",
	"has an adjustment for special card %d, which is not in play (%v)":                                                     "hat eine Korrektur für Sonderkarte %d, die nicht im Spiel ist (%v)",

	// Result entry: the card pads (issue #18)
	"Each display ends the game with exactly %d cards, one per turn (rule KKS-3). Tap each card as it lies, bottom to top; a face-down card is its colour's ?.": "Jede Auslage hat am Spielende genau %d Karten, eine pro Zug (Regel KKS-3). Tippe jede Karte so an, wie sie liegt, von unten nach oben; eine verdeckte Karte ist das ? ihrer Farbe.",
	"Cards for %s":            "Karten für %s",
	"%s face down":            "%s verdeckt",
	"Tokens of %s":            "Chips von %s",
	"Take back the last card": "Letzte Karte zurücknehmen",
	"Type instead":            "Stattdessen tippen",
	"Next player":             "Nächste Person",
	"Change the cards of %s":  "Karten von %s ändern",
	"%d of %d cards":          "%d von %d Karten",
	"%d cards":                "%d Karten",
	"1 card":                  "1 Karte",
	// One short line per row card on the turn page (issue #18)
	"face up: starts your %s stack":                                           "offen: neue Reihe %s",
	"face up: on your face-down %s card":                                      "offen: auf verdeckter %s",
	"face up: higher than your %s %d":                                         "offen: höher als deine %s %d",
	"face down, −1: lower than your %s %d":                                    "verdeckt, −1: niedriger als deine %s %d",
	"%s has 1 token but taking position %d skips %d cards, one token on each": "%s hat nur noch 1 Chip im Vorrat, aber wer Position %d nimmt, überspringt %d Karten und legt auf jede einen Chip",
	"Your display": "Deine Auslage",
}

// germanGuided2 is the German of the move named (the last move, Undo;
// #38), kept apart to merge easily.
var germanGuided2 = map[string]string{
	"%s took the %s %d (%s)": "%s hat %s %d genommen (%s)",
	"%s; %s %d turned up":    "%s; %s %d aufgedeckt",
}

func init() { maps.Copy(german, germanGuided2) }
