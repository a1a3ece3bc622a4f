package i18n

// deLinks is German for sharing a table's or a league's links, replacing
// them, and the page a replaced link shows.
var deLinks = map[string]string{
	// The invite panel of a table.
	"Can only watch":    "Kann nur zuschauen",
	"Can enter results": "Kann Ergebnisse eintragen",
	"For spectators: follows the table live, cannot change anything.":                    "Für Zuschauer: verfolgt den Tisch live, kann nichts ändern.",
	"For the players at this table: whoever has it can enter, correct and undo results.": "Für alle an diesem Tisch: Wer ihn hat, kann Ergebnisse eintragen, korrigieren und zurücknehmen.",
	"Copy":                              "Kopieren",
	"Copied":                            "Kopiert",
	"Share…":                            "Teilen …",
	"QR code of this link: %s":          "QR-Code dieses Links: %s",
	"Show the QR code of the edit link": "QR-Code des Bearbeiten-Links zeigen",
	"QR code of the edit link":          "QR-Code des Bearbeiten-Links",
	"Whoever scans it can enter and undo results. Show it only to the players at this table.": "Wer ihn scannt, kann Ergebnisse eintragen und zurücknehmen. Zeig ihn nur denen, die an diesem Tisch spielen.",
	"Pass this view-only link on": "Diesen Zuschauer-Link weitergeben",

	// Replacing links.
	"Replace a link":     "Einen Link ersetzen",
	"New view-only link": "Neuer Zuschauer-Link",
	"New edit link":      "Neuer Bearbeiten-Link",
	"If a link reached someone it should not have, replace it. The old link stops working at once, on every phone; pages still open on it close. Nothing at the table is lost.": "Wenn ein Link bei jemandem gelandet ist, der ihn nicht haben soll, ersetze ihn. Der alte Link funktioniert sofort nicht mehr, auf keinem Handy; noch offene Seiten damit schließen sich. Am Tisch geht nichts verloren.",
	"Every phone entering results must then open the new edit link, this one included (it moves there by itself).":                                                              "Jedes Handy, das Ergebnisse einträgt, muss danach den neuen Bearbeiten-Link öffnen, auch dieses (es wechselt von selbst dorthin).",
	"New edit link made. The old one no longer works: every phone that should keep entering results needs this one.":                                                            "Neuer Bearbeiten-Link erstellt. Der alte funktioniert nicht mehr: Jedes Handy, das weiter Ergebnisse eintragen soll, braucht diesen.",
	"New view-only link made. The old one no longer works: share this one with the spectators who should keep watching.":                                                        "Neuer Zuschauer-Link erstellt. Der alte funktioniert nicht mehr: Teile diesen mit den Zuschauern, die weiter zusehen sollen.",
	"New admin link made. The old one no longer works. Keep this one; share the standings link with everyone else.":                                                             "Neuer Verwaltungslink erstellt. Der alte funktioniert nicht mehr. Bewahr diesen auf; allen anderen gib den Tabellenlink.",
	"Someone else replaced this link a moment ago, so nothing was done. The links in use are shown below.":                                                                      "Jemand anderes hat diesen Link gerade ersetzt, daher wurde nichts getan. Die gültigen Links stehen unten.",
	"this edit link was replaced; paste the table's edit link in use":                                                                                                           "dieser Bearbeiten-Link wurde ersetzt; füge den aktuellen Bearbeiten-Link des Tisches ein",

	// The page of a replaced link (410 Gone).
	"Link replaced": "Link ersetzt",
	"This link was replaced by a new one on %s and no longer opens anything. Ask whoever gave it to you for the new link.":                                   "Dieser Link wurde am %s durch einen neuen ersetzt und öffnet nichts mehr. Frag die Person, von der du ihn hast, nach dem neuen Link.",
	"This table's edit link was replaced by a new one on %s. It no longer opens the table or changes anything. Ask whoever runs the table for the new link.": "Der Bearbeiten-Link dieses Tisches wurde am %s durch einen neuen ersetzt. Er öffnet den Tisch nicht mehr und ändert nichts. Frag die Person, die den Tisch führt, nach dem neuen Link.",
	"This view-only link was replaced by a new one on %s and no longer shows the table. Ask whoever runs the table for the new link.":                        "Dieser Zuschauer-Link wurde am %s durch einen neuen ersetzt und zeigt den Tisch nicht mehr. Frag die Person, die den Tisch führt, nach dem neuen Link.",
	"This league's admin link was replaced by a new one on %s and no longer changes the league. Ask whoever runs the league for the new link.":               "Der Verwaltungslink dieser Liga wurde am %s durch einen neuen ersetzt und ändert die Liga nicht mehr. Frag die Person, die die Liga führt, nach dem neuen Link.",

	// A league's links.
	"Keep it: whoever has it can change the league. Share the standings link instead.": "Bewahr ihn auf: Wer ihn hat, kann die Liga ändern. Teile stattdessen den Tabellenlink.",
	"Links of this league":       "Links dieser Liga",
	"Pass the standings link on": "Tabellenlink weitergeben",
	"Open the standings page":    "Tabelle öffnen",
	"Anyone with it sees the standings and the tables; nobody can change anything with it.": "Wer ihn hat, sieht die Tabelle und die Tische; ändern kann damit niemand etwas.",
	"Admin link": "Verwaltungslink",
	"Whoever has it can change the league: members, tables, this link.": "Wer ihn hat, kann die Liga ändern: Mitglieder, Tische, diesen Link.",
	"Show the QR code of the admin link":                                "QR-Code des Verwaltungslinks zeigen",
	"Whoever scans it can change the league.":                           "Wer ihn scannt, kann die Liga ändern.",
	"QR code of the admin link":                                         "QR-Code des Verwaltungslinks",
	"Replace the admin link":                                            "Verwaltungslink ersetzen",
	"New admin link":                                                    "Neuer Verwaltungslink",
	"If the admin link reached someone it should not have, replace it. The old link stops working at once; the standings link stays the same.": "Wenn der Verwaltungslink bei jemandem gelandet ist, der ihn nicht haben soll, ersetze ihn. Der alte Link funktioniert sofort nicht mehr; der Tabellenlink bleibt gleich.",
}
