package i18n

// deTruth is German for what a write answers when the store fails or
// cannot tell (issue #31), for names refused or looking alike, and for
// uploads refused before they are read.
var deTruth = map[string]string{
	// A store that failed, a commit of unknown outcome, a used token.
	"Not sure it was saved": "Nicht sicher, ob gespeichert",
	"The connection to the database broke while this was being saved, so the server cannot tell whether it was recorded. Send the same form again: if it was recorded, it is not recorded twice.": "Die Verbindung zur Datenbank ist beim Speichern abgerissen, daher weiß der Server nicht, ob es gespeichert wurde. Sende dasselbe Formular noch einmal: Wurde es gespeichert, wird es nicht doppelt gespeichert.",
	"Not available": "Nicht verfügbar",
	"The server cannot read its database just now, so this page cannot be shown. Nothing was changed. Try again in a moment.": "Der Server kann seine Datenbank gerade nicht lesen, daher kann diese Seite nicht gezeigt werden. Nichts wurde geändert. Versuch es gleich noch einmal.",
	"Form used already": "Formular schon benutzt",
	"This form was sent before for another entry, so nothing was done. Open the page again and use a fresh form.": "Dieses Formular wurde schon für einen anderen Eintrag gesendet, daher ist nichts passiert. Öffne die Seite neu und nimm ein frisches Formular.",
	"Something went wrong on our side, so nothing was recorded. Try again.":                                       "Bei uns ist etwas schiefgegangen, daher wurde nichts gespeichert. Versuch es noch einmal.",
	"Send it again": "Noch einmal senden",
	"The table was started, but the league could not count it just now. Add it from the league's page.": "Der Tisch wurde begonnen, aber die Liga konnte ihn gerade nicht mitzählen. Füg ihn auf der Seite der Liga hinzu.",

	// Imports refused before their file is read.
	"Too many imports are being read at once. Nothing was read or imported; send the file again in a minute.": "Gerade werden zu viele Importe auf einmal gelesen. Nichts wurde gelesen oder importiert; sende die Datei in einer Minute noch einmal.",

	// Names.
	"a name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)":          "Ein Name darf keine Steuerzeichen, keine unsichtbaren oder privaten Zeichen und keine Zeichen enthalten, die die Schreibrichtung umkehren (er enthält %s)",
	"a table name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)":    "Ein Tischname darf keine Steuerzeichen, keine unsichtbaren oder privaten Zeichen und keine Zeichen enthalten, die die Schreibrichtung umkehren (er enthält %s)",
	"a league's name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)": "Der Name einer Liga darf keine Steuerzeichen, keine unsichtbaren oder privaten Zeichen und keine Zeichen enthalten, die die Schreibrichtung umkehren (er enthält %s)",
	"%[1]s looks like %[2]s, a member: the letters differ but look the same. Most likely it is %[2]s.":                                             "%[1]s sieht aus wie %[2]s, ein Mitglied: Die Buchstaben sind andere, sehen aber gleich aus. Wahrscheinlich ist es %[2]s.",
	"%[1]s looks like %[2]s, a member of %[3]s, but is written with other letters: choose %[2]s":                                                   "%[1]s sieht aus wie %[2]s, ein Mitglied von %[3]s, ist aber mit anderen Buchstaben geschrieben: Wähle %[2]s",
	"%q looks like %s, already a name here: names must tell people apart at a glance":                                                              "%q sieht aus wie %s, ein Name, den es hier schon gibt: Namen müssen Personen auf einen Blick unterscheiden",
}
