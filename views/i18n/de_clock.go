package i18n

// deClock is German for the rest of issue #36: the average length on the
// history and member pages, the clock of a game played along or entered
// round by round, and the evening's note.
var deClock = map[string]string{
	// Average length.
	"Average length: %s": "Durchschnittliche Spieldauer: %s",
	"(1 game with a known length; pauses over 30 minutes and the clock's pauses left out)":   "(1 Partie mit bekannter Dauer; Pausen über 30 Minuten und Pausen der Uhr zählen nicht mit)",
	"(%d games with a known length; pauses over 30 minutes and the clock's pauses left out)": "(%d Partien mit bekannter Dauer; Pausen über 30 Minuten und Pausen der Uhr zählen nicht mit)",
}
