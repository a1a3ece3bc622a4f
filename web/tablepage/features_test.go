package tablepage

import (
	"strings"
	"testing"
)

// What works where: browsers give the phone APIs only to a secure context
// (HTTPS, or the computer's own loopback address), and service workers
// only under a certificate they trust.
func TestFeaturesAt(t *testing.T) {
	for _, tt := range []struct {
		origin    string
		untrusted bool
		want      Features
	}{
		{"http://192.168.1.23:8080", false, Features{Phones: true}},
		{"http://tablemate.test:8080", false, Features{Phones: true}},
		{"http://[fd00::2]:8080", false, Features{Phones: true}},
		{"https://192.168.1.23:8443", true, Features{Secure: true, Phones: true}},
		{"https://games.example.org", false, Features{Secure: true, OfflinePages: true, Phones: true}},
		{"http://127.0.0.1:8080", false, Features{Secure: true, OfflinePages: true}},
		{"http://[::1]:8080", false, Features{Secure: true, OfflinePages: true}},
		{"http://localhost:8080", false, Features{Secure: true, OfflinePages: true}},
		{"http://tablemate.localhost:8080", false, Features{Secure: true, OfflinePages: true}},
	} {
		if got := FeaturesAt(tt.origin, tt.untrusted); got != tt.want {
			t.Errorf("%s (untrusted %v): %+v, want %+v", tt.origin, tt.untrusted, got, tt.want)
		}
	}
	if s := FeaturesAt("http://192.168.1.23:8080", false).Say().String(); !strings.Contains(s, "plain-HTTP") || !strings.Contains(s, "the screen may sleep") {
		t.Errorf("plain HTTP says %q", s)
	}
}
