package tablepage

import (
	"net"
	"net/url"
	"strings"

	"tablemate/scoring"
)

// Features are the phone features Tablemate's pages get at an address.
// Browsers give the Clipboard, Web Share and Screen Wake Lock APIs and
// service workers only to a secure context: a page over HTTPS, or on the
// computer's own loopback address, which no phone can open. A service
// worker also needs a certificate the phone trusts: under a self-signed
// one the browser refuses to install it. Offline entry needs neither: the
// page keeps an entry itself (static/js/outbox.js) and sends it while it
// stays open.
type Features struct {
	// Secure is a secure context: copy, share and keeping the screen
	// awake work as the browser's APIs do.
	Secure bool
	// OfflinePages is a service worker: pages opened before open again
	// offline, and entries are sent even with no page open.
	OfflinePages bool
	// Phones reports whether phones can open the address at all (false:
	// this computer's loopback address).
	Phones bool
}

// FeaturesAt works out the features at origin (scheme://host[:port]),
// whose certificate, under HTTPS, is one phones do not trust when
// certUntrusted is set (a self-signed one).
func FeaturesAt(origin string, certUntrusted bool) Features {
	u, err := url.Parse(origin)
	if err != nil {
		return Features{Phones: true}
	}
	if u.Scheme == "https" {
		return Features{Secure: true, OfflinePages: !certUntrusted, Phones: true}
	}
	if loopbackHost(u.Hostname()) {
		return Features{Secure: true, OfflinePages: true}
	}
	return Features{Phones: true}
}

// loopbackHost reports whether browsers treat host as this computer's own
// (a potentially trustworthy origin even over plain HTTP).
func loopbackHost(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Say is what works at the address and why not, in one paragraph: a
// phrase the invite panel says in the reader's language, the start-up
// output in English.
func (f Features) Say() scoring.Phrase {
	switch {
	case !f.Phones:
		return scoring.Phrasef("This is this computer's own address: everything works here, but phones cannot open it.")
	case f.OfflinePages:
		return scoring.Phrasef("On this HTTPS address every phone feature works: pages opened before open offline, entries made offline are sent later, Copy and Share, and the screen stays awake while a game is played.")
	case f.Secure:
		return scoring.Phrasef("On this HTTPS address with a certificate of its own, each phone warns once (compare the fingerprint, then go on). Copy, Share and keeping the screen awake work, and entries made offline are sent while their page stays open; pages cannot open offline, as service workers need a certificate the phone trusts.")
	}
	return scoring.Phrasef("On this plain-HTTP address, offline entry works while its page stays open; pages cannot open offline; the screen may sleep; Copy selects the link the older way and Share shows the QR code. Serving HTTPS turns on the rest (tablemate serve -tls self-signed).")
}

// Good reports whether every feature works.
func (f Features) Good() bool { return f.Phones && f.OfflinePages }
