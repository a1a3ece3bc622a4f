package kodiak

// germanRules is German for what only this game says, moved here from
// the shared catalog (views/i18n): its rulings ("ruling.<id>"), the
// codes only its engine answers ("violation.<code>"), its engine's
// sentences and the words of its editor. The registry registers it with
// german (kit.German).
var germanRules = map[string]string{
	"ruling.KOD-1":                "Ein Kodiak pro Runde, der Reihe nach nach links; nur der Kodiak stürzt sich (je −5, höchstens 3-mal); jede Runde endet damit, dass jemand keine Karten mehr hat.",
	"ruling.KOD-2":                "Ein Haarball zählt +10, wenn er noch gehalten wird, und +5, wenn er versehentlich abgelegt wurde, nie zusätzlich als Kartenwert.",
	"ruling.KOD-3":                "Der Kodiak bekommt 3 Karten und nie eine dazu: Jeder Sturz und jeder Haarball, den der Kodiak versehentlich ablegt, kostet eine; er hält also höchstens 3 − Stürze − abgelegte Haarbälle.",
	"violation.kodiak_count":      "In jeder Runde ist genau eine Person Kodiak.",
	"violation.kodiak_order":      "Der Kodiak wandert jede Runde nach links; in dieser Runde ist jemand anderes dran.",
	"violation.nobody_out":        "Alle haben noch Tischkarten; eine Runde endet, wenn jemand keine mehr hat.",
	"violation.count_too_high":    "Diese Anzahl ist höher, als der Stapel Karten hat.",
	"violation.pounce_not_kodiak": "Nur der Kodiak stürzt sich; eine Maus hat keine Stürze.",
	"violation.too_many_pounces":  "Der Kodiak hat sich öfter gestürzt, als eine Runde erlaubt.",
	"violation.hairball_as_card":  "Ein Haarball steht bei den Karten; trag ihn als gehaltenen (+10) oder abgelegten (+5) Haarball ein.",
	"violation.count_delta":       "Zähler ändern sich nur um eins auf einmal.",
	"violation.no_pounce":         "Der Kodiak hat sich in dieser Runde nicht gestürzt, also kann kein Sturz zurückgenommen werden.",
	"violation.no_hairball":       "In dieser Runde wurde kein Haarball abgelegt, also kann keiner zurückgenommen werden.",
	"violation.kodiak_cards":      "Der Kodiak hat mehr Karten, als er haben kann: Er bekommt 3 und nie eine dazu, und jeder Sturz und jeder Haarball, den er versehentlich ablegt, kostet eine.",
	"violation.kodiak_mismatch":   "Die Runde nennt einen anderen Kodiak als den, der im Spiel dran war.",
	"violation.pounce_mismatch":   "Die Runde nennt eine andere Zahl an Stürzen als im Spiel gezählt.",
	"violation.hairball_mismatch": "Die Runde nennt eine andere Zahl abgelegter Haarbälle als im Spiel gezählt.",
	"Nobody":                      "Niemand",
	"Who was Kodiak?":             "Wer war Kodiak?",
	"Kodiak passes left each round (ruling KOD-1); only Kodiak pounces.": "Der Kodiak wandert jede Runde nach links (Regel KOD-1); nur der Kodiak stürzt sich.",
	"Pounces (−%d each)":             "Stürze (je −%d)",
	"Hairballs kept (+%d each)":      "Gehaltene Haarbälle (je +%d)",
	"Hairballs discarded (+%d each)": "Abgelegte Haarbälle (je +%d)",
	"one less for %s":                "eins weniger für %s",
	"one more for %s":                "eins mehr für %s",
	"Enter who was Kodiak, the cards each player has left, pounces and hairballs.": "Gib ein, wer Kodiak war, welche Karten jede Person noch hat, die Stürze und die Haarbälle.",
	"Kodiak by the rotation: %s": "Kodiak laut Reihenfolge: %s",
	"Game %d · round %d of %d":   "Partie %d · Runde %d von %d",
	"Next: round %d of %d, %s is Kodiak. Fewest points after %d rounds wins.": "Als Nächstes: Runde %d von %d, %s ist Kodiak. Die wenigsten Punkte nach %d Runden gewinnen.",
	"%s was the Kodiak":                             "%s war Kodiak",
	"must be a whole number such as 0 or 2, not %q": "muss eine ganze Zahl sein, etwa 0 oder 2, nicht %q",
	"%s (%s)":                               "%s (%s)",
	"round %d (Kodiak)":                     "Runde %d (Kodiak)",
	"%s: %s kept":                           "%s: %s behalten",
	"%s: %s discarded":                      "%s: %s abgelegt",
	"1 hairball":                            "1 Haarball",
	"%d hairballs":                          "%d Haarbälle",
	"1 pounce":                              "1 Sturz",
	"%d pounces":                            "%d Stürze",
	"hairball 0":                            "Haarball 0",
	"The youngest player starts as Kodiak.": "Die jüngste Person beginnt als Kodiak.",
}

// germanTimes are the German words for a small count of times (times):
// one word, as the German rules write Kodiak's pounce limit ("dreimal").
var germanTimes = map[int]string{1: "einmal", 2: "zweimal", 3: "dreimal", 4: "viermal", 5: "fünfmal", 6: "sechsmal"}
