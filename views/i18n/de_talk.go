package i18n

// deTalk is German for what players reach for at the table (#36): a
// game sent to BG Stats, its length, its note, the buzz under the finger.
var deTalk = map[string]string{
	// Send to BG Stats.
	"Send to BG Stats": "An BG Stats senden",
	"Opens the play in the BG Stats app, which must be installed on this phone; one link per game.": "Öffnet die Partie in der App BG Stats, die auf diesem Handy installiert sein muss; ein Link pro Partie.",
}
