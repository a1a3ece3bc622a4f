package i18n

// deOffline is German for entries kept on a phone, the fallbacks of
// copying, sharing and keeping the screen awake where the browser lacks
// the API (plain HTTP), and what works on the address phones use.
var deOffline = map[string]string{
	"Keep this page open until it is sent: on this address the phone cannot open Tablemate's pages without the connection.": "Lass diese Seite offen, bis er gesendet ist: Unter dieser Adresse kann das Handy die Seiten von Tablemate ohne Verbindung nicht öffnen.",

	// What works at the address phones use (web/tablepage/features.go).
	"This is this computer's own address: everything works here, but phones cannot open it.":                                                                                                                                                                                                                             "Das ist die eigene Adresse dieses Computers: Hier funktioniert alles, aber Handys können sie nicht öffnen.",
	"On this HTTPS address every phone feature works: pages opened before open offline, entries made offline are sent later, Copy and Share, and the screen stays awake while a game is played.":                                                                                                                         "Unter dieser HTTPS-Adresse funktioniert auf dem Handy alles: Schon geöffnete Seiten gehen auch offline auf, offline Eingetragenes wird später gesendet, Kopieren und Teilen, und der Bildschirm bleibt beim Spielen an.",
	"On this HTTPS address with a certificate of its own, each phone warns once (compare the fingerprint, then go on). Copy, Share and keeping the screen awake work, and entries made offline are sent while their page stays open; pages cannot open offline, as service workers need a certificate the phone trusts.": "Unter dieser HTTPS-Adresse mit eigenem Zertifikat warnt jedes Handy einmal (Fingerabdruck vergleichen, dann weiter). Kopieren, Teilen und das Anlassen des Bildschirms funktionieren, und offline Eingetragenes wird gesendet, solange seine Seite offen bleibt; Seiten gehen offline nicht auf, denn Service Worker brauchen ein Zertifikat, dem das Handy vertraut.",
	"On this plain-HTTP address, offline entry works while its page stays open; pages cannot open offline; the screen may sleep; Copy selects the link the older way and Share shows the QR code. Serving HTTPS turns on the rest (tablemate serve -tls self-signed).":                                                   "Unter dieser einfachen HTTP-Adresse funktioniert offline Eintragen, solange seine Seite offen bleibt; Seiten gehen offline nicht auf; der Bildschirm kann ausgehen; Kopieren markiert den Link auf die ältere Art und Teilen zeigt den QR-Code. Mit HTTPS geht auch der Rest (tablemate serve -tls self-signed).",

	// Copy and Share without the browser's APIs (views/share.templ, js/share.js).
	"The link is selected: copy it with your phone's menu.":                              "Der Link ist markiert: Kopier ihn über das Menü deines Handys.",
	"Link copied: paste it into a message, or let the others scan the QR code.":          "Link kopiert: Füg ihn in eine Nachricht ein, oder lass die anderen den QR-Code scannen.",
	"Copy the selected link with your phone's menu, or let the others scan the QR code.": "Kopier den markierten Link über das Menü deines Handys, oder lass die anderen den QR-Code scannen.",
	"Show the QR code of this link":                                                      "QR-Code dieses Links zeigen",
	"Whoever scans it sees the table and cannot change it.":                              "Wer ihn scannt, sieht den Tisch und kann nichts ändern.",

	// Keeping the screen awake (js/wake.js).
	"This browser cannot keep the screen awake on this address (it is plain HTTP): the screen may turn off while you play. Lengthen the phone's screen timeout, or tap the screen now and then.": "Dieser Browser kann den Bildschirm unter dieser Adresse nicht anlassen (sie ist einfaches HTTP): Er kann beim Spielen ausgehen. Stell die Bildschirmzeit des Handys länger, oder tipp ab und zu auf den Bildschirm.",
	"This phone did not let Tablemate keep the screen awake (a battery saver, perhaps): the screen may turn off while you play.":                                                                 "Dieses Handy hat Tablemate nicht erlaubt, den Bildschirm anzulassen (vielleicht ein Energiesparmodus): Er kann beim Spielen ausgehen.",
}
