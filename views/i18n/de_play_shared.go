package i18n

// dePlayShared is German for what every play-along page shares: the
// routes' messages and the refusal line.
var dePlayShared = map[string]string{
	"Not possible: %s (rule %s)": "Nicht möglich: %s (Regel %s)",
	"Last move: %s.":             "Letzter Zug: %s.",
	"Someone else just entered this turn; here is the table as it is now.": "Jemand anderes hat diesen Zug gerade eingegeben; hier ist der Tisch, wie er jetzt ist.",
	"%s cannot be played along yet; enter each game's result instead.":     "%s kann noch nicht mitgespielt werden; gib stattdessen das Ergebnis jeder Partie ein.",

	// The play API's check of the names (scoring.PlayerList)
	"a list of player names is required": "eine Liste der Namen ist nötig",
}
