package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/acme/autocert"

	"tablemate/web/webtest"
)

// serving is a `tablemate serve` run in this process until the test ends.
type serving struct {
	out, errOut webtest.SyncBuffer
	stop        func() int
}

// startServe runs serve with args and waits for its start-up output to
// match ready; it returns the run and the match.
func startServe(t *testing.T, ready *regexp.Regexp, args ...string) (*serving, []string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serving{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, append([]string{"serve", "-qr=false"}, args...), nil, &s.out, &s.errOut) }()
	stopped := false
	s.stop = func() int {
		if stopped {
			return 0
		}
		stopped = true
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop")
			return -1
		}
	}
	t.Cleanup(func() { s.stop() })
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := ready.FindStringSubmatch(s.out.String()); m != nil {
			return s, m
		}
		select {
		case code := <-done:
			t.Fatalf("serve ended with %d: %s%s", code, s.out.String(), s.errOut.String())
		default:
		}
	}
	t.Fatalf("serve did not say %s: %q (stderr %q)", ready, s.out.String(), s.errOut.String())
	return nil, nil
}

// clientTrusting is an HTTPS client that trusts only the certificate in
// file (as a phone does once its person accepted it).
func clientTrusting(t *testing.T, file string) *http.Client {
	t.Helper()
	pem, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatalf("%s holds no certificate", file)
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
}

func certOf(t *testing.T, file string) *x509.Certificate {
	t.Helper()
	pair, err := tls.LoadX509KeyPair(file, strings.Replace(file, "-cert", "-key", 1))
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var (
	printedHash = regexp.MustCompile(`Its SHA-256 fingerprint: ([0-9A-F:]{95})\n`)
	// selfSignedSaid and filesSaid match the start-up output up to its
	// last line.
	selfSignedSaid = regexp.MustCompile(`(?s)running at (https://127\.0\.0\.1:\d+), for this computer only.*then go on \(Advanced, then Proceed\)\.\n`)
	trustedSaid    = regexp.MustCompile(`(?s)running at (https://127\.0\.0\.1:\d+), for this computer only.*valid until \d{4}-\d\d-\d\d\)\.\n`)
	untrustedSaid  = regexp.MustCompile(`(?s)running at (https://127\.0\.0\.1:\d+), for this computer only.*served without HSTS\.\n`)
)

// -tls self-signed makes its certificate the first time, beside the
// database (the key readable by its owner only), serves HTTPS with it and
// prints its SHA-256 fingerprint; the next start serves the same one. The
// certificate is not one browsers trust: cookies are Secure, and no HSTS
// would leave a phone no way past its warning.
func TestServeSelfSigned(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "tablemate.db")
	certFile, keyFile := filepath.Join(dir, selfSignedCert), filepath.Join(dir, selfSignedKey)
	var first string
	for i, kept := range []string{"made now and kept in " + certFile, "kept in " + certFile} {
		s, m := startServe(t, selfSignedSaid, "-addr", "127.0.0.1:0", "-db", db, "-tls", "self-signed")
		base := m[1]
		out := s.out.String()
		hash := printedHash.FindStringSubmatch(out)
		if !strings.Contains(out, "HTTPS with a self-signed certificate, "+kept+".") || hash == nil {
			t.Fatalf("start %d says:\n%s", i+1, out)
		}
		if got := fingerprint(certOf(t, certFile)); hash[1] != got {
			t.Errorf("printed fingerprint %s, the certificate's is %s", hash[1], got)
		}
		if first == "" {
			first = hash[1]
		} else if hash[1] != first {
			t.Errorf("the second start made a new certificate: %s, was %s", hash[1], first)
		}
		if st, err := os.Stat(keyFile); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("the key file: %v %v", st.Mode(), err)
		}
		res, err := clientTrusting(t, certFile).Get(base + "/")
		if err != nil {
			t.Fatalf("HTTPS with the certificate trusted: %v", err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.TLS == nil {
			t.Fatalf("GET / over HTTPS: %d", res.StatusCode)
		}
		if res.Header.Get("Strict-Transport-Security") != "" {
			t.Error("HSTS with a self-signed certificate")
		}
		if ck := res.Header.Get("Set-Cookie"); !strings.Contains(ck, "; Secure") {
			t.Errorf("cookie %q is not Secure under HTTPS", ck)
		}
		if code := s.stop(); code != 0 {
			t.Errorf("exit %d: %s", code, s.errOut.String())
		}
	}
}

// A self-signed certificate names this computer's addresses and names,
// lasts no longer than Apple's devices accept, and is made again once run
// out (or refused when half of it is missing).
func TestSelfSignedCertificate(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	s, err := selfSignedSetup(dir, now, laptop)
	if err != nil || !s.made {
		t.Fatalf("made %v, %v", s.made, err)
	}
	for _, host := range []string{"localhost", "127.0.0.1", "::1", "192.168.1.23", "10.8.0.3", "fd00::2"} {
		if err := s.leaf.VerifyHostname(host); err != nil {
			t.Errorf("%s: %v", host, err)
		}
	}
	if err := s.leaf.VerifyHostname("fe80::1"); err == nil {
		t.Error("a link-local address is named")
	}
	if days := s.leaf.NotAfter.Sub(now).Hours() / 24; days > 825 {
		t.Errorf("valid for %.0f days", days)
	}
	if !slices.Contains(s.leaf.ExtKeyUsage, x509.ExtKeyUsageServerAuth) || s.trusted {
		t.Errorf("usage %v, trusted %v", s.leaf.ExtKeyUsage, s.trusted)
	}
	again, err := selfSignedSetup(dir, now.Add(800*24*time.Hour), laptop)
	if err != nil || again.made || fingerprint(again.leaf) != fingerprint(s.leaf) {
		t.Errorf("within its time: made %v, %v", again.made, err)
	}
	later, err := selfSignedSetup(dir, now.Add(825*24*time.Hour), laptop)
	if err != nil || !later.made || fingerprint(later.leaf) == fingerprint(s.leaf) {
		t.Errorf("run out: made %v, %v", later.made, err)
	}
	os.Remove(filepath.Join(dir, selfSignedKey))
	if _, err := selfSignedSetup(dir, now, laptop); err == nil || !strings.Contains(err.Error(), "must both be there or both be missing") {
		t.Errorf("half a pair: %v", err)
	}
}

// -tls-cert and -tls-key serve a certificate you have; it gets HSTS when
// it chains to an authority this computer trusts, and not otherwise.
func TestServeWithCertificateFiles(t *testing.T) {
	dir := t.TempDir()
	certPEM, keyPEM, err := makeCertificate(time.Now(), []string{"localhost"}, []net.IP{net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile := filepath.Join(dir, "site-cert.pem"), filepath.Join(dir, "site-key.pem")
	os.WriteFile(certFile, certPEM, 0o644)
	os.WriteFile(keyFile, keyPEM, 0o600)
	own := x509.NewCertPool()
	own.AppendCertsFromPEM(certPEM)
	for _, tt := range []struct {
		name  string
		roots *x509.CertPool
		hsts  bool
		said  *regexp.Regexp
	}{
		{"an authority this computer does not know", x509.NewCertPool(), false, untrustedSaid},
		{"an authority this computer trusts", own, true, trustedSaid},
	} {
		t.Run(tt.name, func(t *testing.T) {
			systemRoots = tt.roots
			t.Cleanup(func() { systemRoots = nil })
			s, m := startServe(t, tt.said, "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "t.db"), "-tls-cert", certFile, "-tls-key", keyFile)
			res, err := clientTrusting(t, certFile).Get(m[1] + "/")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK || (res.Header.Get("Strict-Transport-Security") != "") != tt.hsts {
				t.Errorf("%d, HSTS %q", res.StatusCode, res.Header.Get("Strict-Transport-Security"))
			}
			out := s.out.String()
			if !strings.Contains(out, "HTTPS with the certificate "+certFile) || strings.Contains(out, "not signed by an authority") == tt.hsts {
				t.Errorf("start-up says:\n%s", out)
			}
		})
	}
}

// tlsFlagsFrom parses serve's HTTPS flags from args.
func tlsFlagsFrom(t *testing.T, args ...string) tlsFlags {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	f := addTLSFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return f
}

// -acme-domain is configured for Let's Encrypt without reaching it:
// certificates only for the domain, kept in the cache directory (beside
// the database unless -acme-cache says), the TLS-ALPN check offered, and
// plain HTTP redirected to HTTPS.
func TestACMEConfiguration(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "certs")
	f := tlsFlagsFrom(t, "-acme-domain", "Games.Example.org", "-acme-cache", cache, "-acme-email", "host@example.org")
	if msg := f.check(); msg != "" || !f.acme() {
		t.Fatalf("check: %q", msg)
	}
	s, err := f.setup(filepath.Join(dir, "t.db"), time.Now(), laptop)
	if err != nil || s.kind != "acme" || !s.trusted {
		t.Fatalf("%+v %v", s, err)
	}
	m := s.manager
	if err := m.HostPolicy(context.Background(), "games.example.org"); err != nil {
		t.Errorf("the domain is refused: %v", err)
	}
	if err := m.HostPolicy(context.Background(), "other.example.org"); err == nil {
		t.Error("a certificate would be asked for another name")
	}
	if c, ok := m.Cache.(autocert.DirCache); !ok || string(c) != cache {
		t.Errorf("cache %#v, want %s", m.Cache, cache)
	}
	if m.Email != "host@example.org" || m.Prompt == nil {
		t.Errorf("email %q", m.Email)
	}
	if !slices.Contains(s.config.NextProtos, "acme-tls/1") || s.config.GetCertificate == nil {
		t.Errorf("TLS config: protocols %v", s.config.NextProtos)
	}
	rec := httptest.NewRecorder()
	s.redirector().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://games.example.org/tables/abc?x=1", nil))
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "https://games.example.org/tables/abc?x=1" {
		t.Errorf("plain HTTP: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	where := s.reachOver(reach{phones: []string{"http://192.168.1.23:443"}, local: "http://localhost:443", port: "443"})
	if !slices.Equal(where.phones, []string{"https://games.example.org"}) {
		t.Errorf("phones open %v", where.phones)
	}
	def, err := tlsFlagsFrom(t, "-acme-domain", "games.example.org").setup(filepath.Join(dir, "t.db"), time.Now(), laptop)
	if err != nil || def.cache != filepath.Join(dir, "tablemate-acme") {
		t.Errorf("default cache %q, %v", def.cache, err)
	}
}

// Ways of asking for HTTPS that do not fit together are usage errors,
// before anything is bound or made.
func TestTLSFlagsThatDoNotFit(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-tls", "yes"}, `-tls takes "self-signed", not "yes"`},
		{[]string{"-tls", "self-signed", "-tls-cert", "c.pem", "-tls-key", "k.pem"}, "choose one way to serve HTTPS"},
		{[]string{"-tls-cert", "c.pem"}, "-tls-cert and -tls-key go together"},
		{[]string{"-acme-email", "host@example.org"}, "-acme-cache and -acme-email go with -acme-domain"},
		{[]string{"-acme-domain", "192.168.1.23"}, `-acme-domain "192.168.1.23": give the public domain name`},
	} {
		code, _, errOut := runCLI(t, append([]string{"serve", "-addr", "127.0.0.1:0", "-db", db}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, "tablemate serve: "+tt.want) {
			t.Errorf("%v: exit %d, %q", tt.args, code, errOut)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a refused start created the database")
	}
}

// Start-up says, for the address phones use, what works there and why
// not; under HTTPS the addresses are https.
func TestStartupSaysWhatWorksWhere(t *testing.T) {
	wifi := reach{phones: []string{"http://192.168.1.23:8080"}, local: "http://localhost:8080", port: "8080"}
	var b strings.Builder
	writeFeatures(&b, wifi, tlsSetup{})
	if !strings.Contains(strings.ReplaceAll(b.String(), "\n", " "), "On this plain-HTTP address, offline entry works while its page stays open; pages cannot open offline; the screen may sleep") {
		t.Errorf("plain HTTP: %q", b.String())
	}
	own := tlsSetup{kind: selfSigned}
	secured := own.reachOver(wifi)
	if !slices.Equal(secured.phones, []string{"https://192.168.1.23:8080"}) || secured.local != "https://localhost:8080" {
		t.Errorf("self-signed: %+v", secured)
	}
	b.Reset()
	writeFeatures(&b, secured, own)
	if said := strings.ReplaceAll(b.String(), "\n", " "); !strings.Contains(said, "each phone warns once") || !strings.Contains(said, "pages cannot open offline") {
		t.Errorf("self-signed: %q", b.String())
	}
	b.Reset()
	writeFeatures(&b, secured, tlsSetup{kind: "files", trusted: true})
	if !strings.Contains(b.String(), "every phone feature works") {
		t.Errorf("trusted: %q", b.String())
	}
	b.Reset()
	writeFeatures(&b, reach{local: "http://127.0.0.1:8080", loopback: true}, tlsSetup{})
	if b.Len() != 0 {
		t.Errorf("for this computer only: %q", b.String())
	}
}
