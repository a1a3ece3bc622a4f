package views

import "strings"

// qrOf is the id of the element showing link l's QR code, which Share
// opens where the phone has no share sheet (js/share.js): the code shown
// under the link (qr), else the one behind a choice ("edit-link" →
// "edit-qr").
func qrOf(l ShareLink, qr bool) string {
	if qr {
		return l.ID + "-qr"
	}
	return strings.TrimSuffix(l.ID, "-link") + "-qr"
}
