package i18n

// deTalk is German for what players reach for at the table (#36): a
// game sent to BG Stats, its length, its note, the buzz under the finger.
var deTalk = map[string]string{
	// Send to BG Stats.
	"Send to BG Stats": "An BG Stats senden",
	"Opens the play in the BG Stats app, which must be installed on this phone; one link per game.": "Öffnet die Partie in der App BG Stats, die auf diesem Handy installiert sein muss; ein Link pro Partie.",
	"These are the newest games; every game's page has its own link to BG Stats.":                   "Das sind die neuesten Partien; die Seite jeder Partie hat ihren eigenen Link zu BG Stats.",

	// How long a game or the evening took.
	"%d min":                       "%d Min.",
	"%d h %02d min":                "%d Std. %02d Min.",
	"Played in %s.":                "Spieldauer: %s",
	"The evening took %s of play.": "Spielzeit des Abends: %s",
	"Pauses over 30 minutes are left out (%s).": "Pausen über 30 Minuten zählen nicht mit (%s).",

	// A game's note.
	"Note:": "Notiz:",
	"A note on this game (at most 280 characters)": "Eine Notiz zu dieser Partie (höchstens 280 Zeichen)",
	"Save the note":              "Notiz speichern",
	"Note saved.":                "Notiz gespeichert.",
	"Note on game %d taken away": "Notiz zu Partie %d entfernt",
	"Note on game %d: %s":        "Notiz zu Partie %d: %s",
	"the note on game %d":        "die Notiz zu Partie %d",
	"a note is at most %d characters (this one has %d)": "Eine Notiz hat höchstens %d Zeichen (diese hat %d)",
	"a note cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)": "Eine Notiz darf keine Steuerzeichen, keine unsichtbaren oder privaten Zeichen und keine Zeichen enthalten, die die Schreibrichtung umkehren (sie enthält %s)",
	"game %d has this note already": "Partie %d hat diese Notiz schon",

	// The buzz under the finger.
	"Buzz on taps: on":  "Vibrieren beim Tippen: an",
	"Buzz on taps: off": "Vibrieren beim Tippen: aus",

	// Who starts a game played along, and why.
	"%s starts.":                           "%s beginnt.",
	"The table chose them by the rule: %s": "Der Tisch hat nach der Regel gewählt: %s",
	"Nobody was chosen, so the first seat starts. The rule: %s": "Niemand wurde gewählt, also beginnt der erste Platz. Die Regel: %s",
}
