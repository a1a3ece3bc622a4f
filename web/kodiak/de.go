package kodiak

// german is German for the Kodiak play-along pages and the engine's refusals.
// Words as in the Kodiak round editor: Sturz (sich stürzen), Haarball.
// What Kodiak shares with Cambio's pages is in web/cambio/de.go.
var german = map[string]string{
	"Hairball": "Haarball",
	// Set-up page
	"Who is Kodiak first?":        "Wer ist zuerst Kodiak?",
	"Choose who is Kodiak first.": "Wähle, wer zuerst Kodiak ist.",
	"Your cards stay secret. Tablemate keeps who is Kodiak, whose turn it is, Kodiak's pounces and the hairballs discarded; after each round you enter the cards turned over.": "Eure Karten bleiben geheim. Tablemate merkt sich, wer Kodiak ist, wer dran ist, die Stürze des Kodiaks und die abgelegten Haarbälle; nach jeder Runde gibst du die aufgedeckten Karten ein.",
	"Kodiak passes to the left each round; the game ends when everyone was Kodiak %s: %s (rule KOD-1).":                                                                        "Der Kodiak wandert jede Runde nach links; das Spiel endet, wenn alle %s Kodiak waren: %s (Regel KOD-1).",
	"Round points: cards left + %d per hairball held + %d per hairball discarded by accident; Kodiak −%d per pounce, at most %d (rules KOD-1, KOD-2). Fewest points win.":      "Rundenpunkte: übrige Karten + %d pro gehaltenem Haarball + %d pro versehentlich abgelegtem Haarball; Kodiak −%d pro Sturz, höchstens %d (Regeln KOD-1, KOD-2). Die wenigsten Punkte gewinnen.",

	// Turn page
	"Kodiak · play along":   "Kodiak · Mitspielen",
	"Round %d of %d":        "Runde %d von %d",
	"Kodiak: %s":            "Kodiak: %s",
	"Look at your top card": "Schau dir deine oberste Karte an",
	"%s is Kodiak and dealt three cards to everyone. Each player looks once at their own top card, then puts it back face down. Kodiak starts.": "%s ist Kodiak und hat allen drei Karten gegeben. Alle schauen sich einmal ihre oberste Karte an und legen sie verdeckt zurück. Der Kodiak fängt an.",
	"Draw, look, and swap the card for one of your table cards (always).":                                                                       "Ziehen, ansehen und die Karte gegen eine eigene Karte auf dem Tisch tauschen (immer).",
	"Kodiak's pounces": "Stürze des Kodiaks",
	"one pounce less":  "ein Sturz weniger",
	"%d of %d":         "%d von %d",
	"Pounce! (−%d)":    "Sturz! (−%d)",
	"Only Kodiak pounces, at most %s a round (−%d). Each pounce and each hairball Kodiak discards takes one of Kodiak's %d cards; losing the last one ends the round (rule KOD-3).": "Nur der Kodiak stürzt sich, höchstens %s pro Runde (−%d). Jeder Sturz und jeder Haarball, den der Kodiak ablegt, nimmt ihm eine seiner %d Karten; ist die letzte weg, endet die Runde (Regel KOD-3).",
	"Hairballs discarded by accident":                                               "Versehentlich abgelegte Haarbälle",
	"+%d each at the end of the round; a hairball still held counts +%d.":           "Je +%d am Ende der Runde; ein noch gehaltener Haarball zählt +%d.",
	"%q is not a move of Kodiak; use the buttons of the page":                       "%q ist kein Zug in Kodiak; nutze die Knöpfe der Seite",
	"%s to play: the game ends when everyone was Kodiak %s; the fewest points win.": "Noch %s zu spielen: Das Spiel endet, wenn alle %s Kodiak waren; die wenigsten Punkte gewinnen.",
	"%s leads with %s. %s":          "%s führt mit %s. %s",
	"%s share the lead with %s. %s": "%s teilen sich die Führung mit %s. %s",

	// A closed round's scoring
	"Round %d is over: Kodiak (%s) pounced %s and has no cards left": "Runde %d ist vorbei: Der Kodiak (%s) hat sich %s gestürzt und hat keine Karten mehr",
	"Kodiak: dealt %[1]d − %[2]s − %[3]s discarded = at most 1 card, since Kodiak never gains one (rule KOD-3). A hairball still held is one: it goes in the counter below, not among the cards.":              "Kodiak: %[1]d bekommen − %[2]s − %[3]s abgelegt = höchstens 1 Karte, denn der Kodiak bekommt nie eine dazu (Regel KOD-3). Ein noch gehaltener Haarball zählt mit: Er kommt in den Zähler unten, nicht zu den Karten.",
	"Kodiak: dealt %[2]d − %[3]s − %[4]s discarded = at most %[1]d cards, since Kodiak never gains one (rule KOD-3). A hairball still held is one of them: it goes in the counter below, not among the cards.": "Kodiak: %[2]d bekommen − %[3]s − %[4]s abgelegt = höchstens %[1]d Karten, denn der Kodiak bekommt nie eine dazu (Regel KOD-3). Ein noch gehaltener Haarball ist eine davon: Er kommt in den Zähler unten, nicht zu den Karten.",
	"Round %d is over: Kodiak (%s) lost the last card to %s and %s discarded":                                                                 "Runde %d ist vorbei: Der Kodiak (%s) hat seine letzte Karte verloren (%s, abgelegt: %s)",
	"Dealt %d cards: enter every card turned over (fewer after scurries, more after draws). A hairball still held goes in the counter below.": "%d Karten bekommen: Gib jede aufgedeckte Karte ein (weniger nach dem Weghuschen, mehr nach dem Nachziehen). Ein noch gehaltener Haarball kommt in den Zähler unten.",
	"Counted in play: %s, %s discarded.": "Beim Spielen gezählt: %s, %s abgelegt.",
	"1 pounce":                           "1 Sturz",
	"%d pounces":                         "%d Stürze",
	"1 hairball":                         "1 Haarball",
	"%d hairballs":                       "%d Haarbälle",
	"Hairballs still held (+%d each)":    "Noch gehaltene Haarbälle (je +%d)",

	// Refusals (scoring/kodiak/play.go; those shared with Cambio are in de_play_cambio.go)
	"Kodiak is played by %d to %d players, not %d":                                                                          "Kodiak spielen %d bis %d Personen, nicht %d",
	"the first Kodiak must be one of the %d players, not seat %d":                                                           "der erste Kodiak muss eine der %d Personen sein, nicht Platz %d",
	"the game is over: all %d rounds are played and everyone was Kodiak 1 time":                                             "das Spiel ist vorbei: Alle %d Runden sind gespielt und alle waren einmal Kodiak",
	"the game is over: all %d rounds are played and everyone was Kodiak %d times":                                           "das Spiel ist vorbei: Alle %d Runden sind gespielt und alle waren %d-mal Kodiak",
	"Kodiak (%s) has pounced %d times already; %d is the most in a round (−%d)":                                             "der Kodiak (%s) hat sich schon %d-mal gestürzt; %d-mal ist das Höchste pro Runde (−%d)",
	"round %d ended when Kodiak (%s) pounced away the last card; enter everyone's cards to score it before anyone plays on": "Runde %d endete, als der Kodiak (%s) sich seine letzte Karte weggestürzt hat; gebt die Karten aller ein und wertet sie, bevor jemand weiterspielt",
	"round %d ended when %s had no cards left; enter everyone's cards to score it before anyone plays on":                   "Runde %d endete, als %s keine Karten mehr hatte; gebt die Karten aller ein und wertet sie, bevor jemand weiterspielt",
	"counters change by one at a time, not %d":                                                                              "Zähler ändern sich nur um eins auf einmal, nicht um %d",
	"Kodiak (%s) has not pounced this round, so no pounce can be taken back":                                                "der Kodiak (%s) hat sich in dieser Runde nicht gestürzt, also kann kein Sturz zurückgenommen werden",
	"%s has discarded no hairball this round, so none can be taken back":                                                    "%s hat in dieser Runde keinen Haarball abgelegt, also kann keiner zurückgenommen werden",
	"%s cannot discard more hairballs than the deck has cards (%d)":                                                         "%s kann nicht mehr Haarbälle ablegen, als der Stapel Karten hat (%d)",
	"%q is not a step of Kodiak":                                                                                            "%q ist kein Schritt in Kodiak",
	"round %d is still being played: it ends when a player has no table cards left":                                         "Runde %d läuft noch: Sie endet, wenn jemand keine Karten mehr vor sich hat",
	"the round marks %s as Kodiak, but round %d's Kodiak is %s":                                                             "die Runde nennt %s als Kodiak, aber in Runde %d ist %s Kodiak",
	"the round does not mark %s as Kodiak, but %s is round %d's Kodiak":                                                     "die Runde nennt %s nicht als Kodiak, aber %s ist in Runde %d Kodiak",
	"the round gives %s 1 pounce, but %d were counted in play":                                                              "die Runde gibt %s 1 Sturz, aber beim Spielen wurden %d gezählt",
	"the round gives %s %d pounces, but %d were counted in play":                                                            "die Runde gibt %s %d Stürze, aber beim Spielen wurden %d gezählt",
	"the round gives %s 1 hairball discarded, but %d were counted in play":                                                  "die Runde gibt %s 1 abgelegten Haarball, aber beim Spielen wurden %d gezählt",
	"the round gives %s %d hairballs discarded, but %d were counted in play":                                                "die Runde gibt %s %d abgelegte Haarbälle, aber beim Spielen wurden %d gezählt",
	"%s keeps %d hairballs; a count is 0 to %d":                                                                             "%s hält %d Haarbälle; ein Zähler geht von 0 bis %d",
	"%s has a hairball among the cards; count it as a hairball kept (+10) instead":                                          "%s hat einen Haarball bei den Karten; zähl ihn stattdessen als gehaltenen Haarball (+10)",
	// Ruling KOD-3: Kodiak's 3 cards, less a card per pounce and per hairball Kodiak discards.
	"round %d ended when Kodiak (%s) lost the last card to pounces and hairballs discarded; enter everyone's cards to score it before anyone plays on":                                    "Runde %d endete, als der Kodiak (%s) seine letzte Karte durch Stürze und abgelegte Haarbälle verloren hat; gebt die Karten aller ein und wertet sie, bevor jemand weiterspielt",
	"%s is Kodiak and turns over %d table cards, but Kodiak is dealt %d and never gains one, and the %d pounces and %d hairballs discarded this round cost one each: at most %d are left": "%s ist Kodiak und deckt %d Karten auf, aber der Kodiak bekommt %d und nie eine dazu, und die %d Stürze und %d abgelegten Haarbälle dieser Runde kosten je eine: Höchstens %d sind übrig",

	// Step input the engine refuses (scoring/kodiak guide.go)
	"a step is exactly one of done, pounce, hairball (with delta), out or score": "ein Schritt ist genau eines von done, pounce, hairball (mit delta), out oder score",
	"a hairball step says 1 (a hairball discarded) or -1 (taken back)":           "ein Haarball-Schritt sagt 1 (ein Haarball abgelegt) oder -1 (zurückgenommen)",
	"delta belongs to a hairball step only":                                      "delta gehört nur zu einem Haarball-Schritt",

	// What the score check says (scoring/kodiak validate.go)
	"Kodiak is for %d–%d players, not %d":                   "Kodiak ist für %d–%d Personen, nicht für %d",
	"nobody is marked as Kodiak":                            "niemand ist als Kodiak markiert",
	"%s are all marked as Kodiak":                           "%s sind alle als Kodiak markiert",
	"round %d: %s; exactly one player is Kodiak each round": "Runde %d: %s; in jeder Runde ist genau eine Person Kodiak",
	"round %d: %s is Kodiak, but Kodiak passes left each round: %s was Kodiak in round %d, so round %d is %s's": "Runde %[1]d: %[2]s ist Kodiak, aber der Kodiak wandert jede Runde nach links: %[3]s war in Runde %[4]d Kodiak, also ist Runde %[5]d die von %[6]s",
	"round %d: everyone still holds table cards (%s); a round ends when a player has none left":                 "Runde %d: Alle haben noch Tischkarten (%s); eine Runde endet, wenn jemand keine mehr hat",
	"round %d was entered after the game ended: with %d players and %s the game has %d rounds":                  "Runde %d wurde nach dem Spielende eingetragen: Mit %d Personen und %s hat eine Partie %d Runden",
	"1 cycle":                                    "1 Durchgang",
	"%d cycles":                                  "%d Durchgängen",
	"round %d: %s %s":                            "Runde %d: %s %s",
	"has %s %d; a count cannot be below 0":       "hat %s %d; eine Anzahl ist nie kleiner als 0",
	"has %s %d; the deck has only %d cards":      "hat %s %d; der Stapel hat nur %d Karten",
	"is a mouse but has %s; only Kodiak pounces": "ist eine Maus, hat aber %s; nur der Kodiak stürzt sich",
	"has %d pounces; Kodiak can pounce at most %d times a round (−%d)":                                                                                                                 "hat %d Stürze; der Kodiak kann sich höchstens %d-mal pro Runde stürzen (−%d)",
	"is Kodiak with %s and %s discarded, but Kodiak is dealt only %d table cards and never gains one; each pounce and each hairball Kodiak discards costs one":                         "ist Kodiak mit %s und %s abgelegt, aber der Kodiak bekommt nur %d Tischkarten und nie eine dazu; jeder Sturz und jeder Haarball, den er ablegt, kostet eine",
	"is Kodiak and holds %s after %s and %s discarded; Kodiak is dealt %d and never gains one, and each pounce and each hairball Kodiak discards costs one, so at most %d can be left": "ist Kodiak und hat %s nach %s und %s abgelegt; der Kodiak bekommt %d und nie eine dazu, und jeder Sturz und jeder Haarball, den er ablegt, kostet eine, also können höchstens %d übrig sein",
	"1 table card":   "1 Tischkarte",
	"%d table cards": "%d Tischkarten",

	// Said with the form's words, not the request's field names.
	"has %s among the cards; enter it as a hairball kept (+10 each) or discarded (+5 each) instead, it is counted 0 here": "hat %s bei den Karten; trag ihn stattdessen als gehaltenen (je +10) oder abgelegten Haarball (je +5) ein, hier zählt er 0",

	// The last move, named (turn page, undo button, view-only page)
	"a pounce of %s (Kodiak) taken back": "ein Sturz von %s (Kodiak) zurückgenommen",
	"%s (Kodiak) pounced: %d of %d":      "%s (Kodiak) hat sich gestürzt: %d von %d",
	"a hairball of %s taken back":        "ein Haarball von %s zurückgenommen",
	"%s discarded a hairball":            "%s hat einen Haarball abgelegt",
}
