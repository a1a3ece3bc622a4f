package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/crypto/acme/autocert"

	"tablemate/sessions"
	"tablemate/web/server"
	"tablemate/web/tablepage"
)

// HTTPS from the binary itself, in one of three ways: a certificate you
// have (-tls-cert, -tls-key), certificates from Let's Encrypt for a public
// host (-acme-domain), or a certificate made for this computer, once, for
// a laptop serving phones on the Wi-Fi (-tls self-signed). Phones need a
// secure context for copying, sharing and keeping the screen awake, and a
// certificate they trust for pages that open offline (tablepage.Features).

// tlsFlags are serve's HTTPS flags.
type tlsFlags struct {
	mode, cert, key, acmeDomain, acmeCache, acmeEmail, httpAddr *string
}

// selfSigned is -tls's one value.
const selfSigned = "self-signed"

func addTLSFlags(fs *flag.FlagSet) tlsFlags {
	return tlsFlags{
		mode: fs.String("tls", server.EnvOr("TABLEMATE_TLS", ""),
			`"self-signed": serve HTTPS with a certificate made for this computer the first time and kept beside the database; each phone warns once (its SHA-256 fingerprint, to compare, is printed at start-up). The environment variable TABLEMATE_TLS sets the default`),
		cert: fs.String("tls-cert", "", "serve HTTPS with the certificate in this PEM `file` (its chain after it); needs -tls-key"),
		key:  fs.String("tls-key", "", "the private key of -tls-cert, a PEM `file`"),
		acmeDomain: fs.String("acme-domain", "",
			"serve HTTPS for this public domain `name` with certificates from Let's Encrypt (accepting its terms of service): listens on :443 unless -addr says otherwise, and on -http-addr redirects to HTTPS and answers Let's Encrypt's checks"),
		acmeCache: fs.String("acme-cache", "", "the `directory` keeping -acme-domain's account key and certificates (default: tablemate-acme beside the database)"),
		acmeEmail: fs.String("acme-email", "", "an e-mail `address` Let's Encrypt may write to about -acme-domain's certificates (optional)"),
		httpAddr:  fs.String("http-addr", ":80", "with -acme-domain: the `address` of the plain-HTTP listener that redirects to HTTPS"),
	}
}

// tlsSetup is how serve answers HTTPS; the zero value is plain HTTP.
type tlsSetup struct {
	kind   string // "", selfSigned, "files" or "acme"
	config *tls.Config
	// leaf is the certificate served (self-signed and files).
	leaf *x509.Certificate
	// trusted is a certificate browsers trust: HSTS, service workers.
	trusted bool
	// certFile and keyFile are where the certificate is (self-signed: kept
	// beside the database; made is set when this start made it).
	certFile, keyFile string
	made              bool
	// domain, cache and manager are -acme-domain's; httpAddr is the
	// address of its redirecting plain-HTTP listener.
	domain, cache, httpAddr string
	manager                 *autocert.Manager
}

func (s tlsSetup) on() bool { return s.kind != "" }

// systemRoots are the authorities a certificate of -tls-cert is checked
// against to call it trusted (nil: the system's); tests set their own.
var systemRoots *x509.CertPool

// check says what is wrong with the flags' combination ("" when
// nothing), for serve's usage message.
func (f tlsFlags) check() string {
	ways := 0
	for _, given := range []bool{*f.mode != "", *f.cert != "" || *f.key != "", *f.acmeDomain != ""} {
		if given {
			ways++
		}
	}
	switch {
	case *f.mode != "" && *f.mode != selfSigned:
		return fmt.Sprintf(`-tls takes "self-signed", not %q; for a certificate you have, give -tls-cert and -tls-key`, *f.mode)
	case ways > 1:
		return "choose one way to serve HTTPS: -tls self-signed, -tls-cert with -tls-key, or -acme-domain"
	case (*f.cert == "") != (*f.key == ""):
		return "-tls-cert and -tls-key go together: the certificate file and its private key file"
	case *f.acmeDomain == "" && (*f.acmeCache != "" || *f.acmeEmail != ""):
		return "-acme-cache and -acme-email go with -acme-domain"
	case *f.acmeDomain != "":
		return checkDomain(*f.acmeDomain)
	}
	return ""
}

// acme reports whether the flags ask for Let's Encrypt.
func (f tlsFlags) acme() bool { return *f.acmeDomain != "" }

// setup prepares what the flags (checked) ask for: db is the database (a
// self-signed certificate and the ACME cache are kept beside it),
// ifaceAddrs lists this computer's addresses (a self-signed certificate
// names them).
func (f tlsFlags) setup(db string, now time.Time, ifaceAddrs func() ([]net.Addr, error)) (tlsSetup, error) {
	switch {
	case *f.mode == selfSigned:
		return selfSignedSetup(tlsDir(db), now, ifaceAddrs)
	case *f.cert != "":
		return filesSetup(*f.cert, *f.key, now)
	case *f.acmeDomain != "":
		return acmeSetup(*f.acmeDomain, *f.acmeCache, *f.acmeEmail, *f.httpAddr, db), nil
	}
	return tlsSetup{}, nil
}

// tlsDir is the directory beside the database: an SQLite file's, or the
// working directory for PostgreSQL.
func tlsDir(db string) string {
	if sessions.IsPostgres(db) {
		return "."
	}
	return filepath.Dir(db)
}

// Self-signed: the certificate and its key, beside the database.
const (
	selfSignedCert = "tablemate-tls-cert.pem"
	selfSignedKey  = "tablemate-tls-key.pem"
	// selfSignedDays is how long a made certificate lasts: Apple's devices
	// refuse a server certificate valid for longer than 825 days.
	selfSignedDays = 825
)

// selfSignedSetup uses the certificate kept in dir, or makes one the
// first time (and when the kept one ran out): phones that accepted it
// once keep it, so it is not made again at every start.
func selfSignedSetup(dir string, now time.Time, ifaceAddrs func() ([]net.Addr, error)) (tlsSetup, error) {
	s := tlsSetup{kind: selfSigned, certFile: filepath.Join(dir, selfSignedCert), keyFile: filepath.Join(dir, selfSignedKey)}
	_, certErr := os.Stat(s.certFile)
	_, keyErr := os.Stat(s.keyFile)
	switch {
	case certErr == nil && keyErr == nil:
		pair, leaf, err := loadPair(s.certFile, s.keyFile)
		if err != nil {
			return s, fmt.Errorf("-tls self-signed: %w; remove %s and %s to make a new certificate", err, s.certFile, s.keyFile)
		}
		if now.Before(leaf.NotAfter.Add(-24 * time.Hour)) {
			s.leaf, s.config = leaf, tlsConfig(pair)
			return s, nil
		}
		// Run out: made again (phones warn once more).
	case errors.Is(certErr, fs.ErrNotExist) && errors.Is(keyErr, fs.ErrNotExist):
	default:
		return s, fmt.Errorf("-tls self-signed: %s and %s must both be there or both be missing (%v, %v); remove the one left to make a new certificate", s.certFile, s.keyFile, certErr, keyErr)
	}
	dns, ips := certNames(ifaceAddrs)
	certPEM, keyPEM, err := makeCertificate(now, dns, ips)
	if err != nil {
		return s, fmt.Errorf("-tls self-signed: %w", err)
	}
	if err := writeAtomic(s.keyFile, keyPEM, 0o600); err != nil {
		return s, fmt.Errorf("-tls self-signed: keep the key: %w", err)
	}
	if err := writeAtomic(s.certFile, certPEM, 0o644); err != nil {
		return s, fmt.Errorf("-tls self-signed: keep the certificate: %w", err)
	}
	pair, leaf, err := loadPair(s.certFile, s.keyFile)
	if err != nil {
		return s, fmt.Errorf("-tls self-signed: %w", err)
	}
	s.leaf, s.config, s.made = leaf, tlsConfig(pair), true
	return s, nil
}

// certNames are the names a self-signed certificate is made for: this
// computer's loopback and network addresses, "localhost" and its host
// name (also as NAME.local, as phones reach it by mDNS).
func certNames(ifaceAddrs func() ([]net.Addr, error)) (dns []string, ips []net.IP) {
	dns = []string{"localhost"}
	if h, err := os.Hostname(); err == nil && h != "" && !strings.ContainsAny(h, " /:") {
		h = strings.ToLower(h)
		dns = append(dns, h)
		if !strings.Contains(h, ".") {
			dns = append(dns, h+".local")
		}
	}
	ips = []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback}
	addrs, _ := ifaceAddrs()
	for _, a := range addrs {
		var ip net.IP
		switch a := a.(type) {
		case *net.IPNet:
			ip = a.IP
		case *net.IPAddr:
			ip = a.IP
		}
		if ip == nil || ip.IsLoopback() || ip.IsUnspecified() || ip.IsMulticast() || ip.To4() == nil && ip.IsLinkLocalUnicast() {
			continue
		}
		ips = append(ips, ip)
	}
	return dns, ips
}

// makeCertificate makes a self-signed server certificate (ECDSA P-256) for
// the names, valid from an hour ago for selfSignedDays.
func makeCertificate(now time.Time, dns []string, ips []net.IP) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("make a key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, fmt.Errorf("make a serial number: %w", err)
	}
	name := "Tablemate"
	if len(dns) > 1 {
		name += " on " + dns[1]
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: name, Organization: []string{"Tablemate (self-signed)"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(selfSignedDays * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		DNSNames:              dns,
		IPAddresses:           ips,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("make the certificate: %w", err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("keep the key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), nil
}

// writeAtomic writes a file whole or not at all.
func writeAtomic(path string, data []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tablemate-tls-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// loadPair reads a certificate (its chain after it) and its key.
func loadPair(certFile, keyFile string) (tls.Certificate, *x509.Certificate, error) {
	pair, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return pair, nil, fmt.Errorf("read the certificate %s and key %s: %w", certFile, keyFile, err)
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return pair, nil, fmt.Errorf("read the certificate %s: %w", certFile, err)
	}
	pair.Leaf = leaf
	return pair, leaf, nil
}

func tlsConfig(pair tls.Certificate) *tls.Config {
	return &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{pair}}
}

// filesSetup serves a certificate you have. It is trusted (HSTS) when it
// chains to an authority of this computer's, as browsers check it.
func filesSetup(certFile, keyFile string, now time.Time) (tlsSetup, error) {
	pair, leaf, err := loadPair(certFile, keyFile)
	if err != nil {
		return tlsSetup{}, fmt.Errorf("-tls-cert, -tls-key: %w", err)
	}
	if now.After(leaf.NotAfter) {
		return tlsSetup{}, fmt.Errorf("-tls-cert %s ran out on %s: phones would refuse it; renew it", certFile, leaf.NotAfter.Format(time.DateOnly))
	}
	chain := x509.NewCertPool()
	for _, der := range pair.Certificate[1:] {
		if c, err := x509.ParseCertificate(der); err == nil {
			chain.AddCert(c)
		}
	}
	_, verr := leaf.Verify(x509.VerifyOptions{Roots: systemRoots, Intermediates: chain, CurrentTime: now})
	return tlsSetup{kind: "files", config: tlsConfig(pair), leaf: leaf, trusted: verr == nil, certFile: certFile, keyFile: keyFile}, nil
}

// acmeSetup gets certificates for domain from Let's Encrypt as the first
// phone asks for them (TLS-ALPN or HTTP on -http-addr), kept in cache.
func acmeSetup(domain, cache, email, httpAddr, db string) tlsSetup {
	domain = strings.ToLower(strings.TrimSuffix(domain, "."))
	if cache == "" {
		cache = filepath.Join(tlsDir(db), "tablemate-acme")
	}
	m := &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		HostPolicy: autocert.HostWhitelist(domain),
		Cache:      autocert.DirCache(cache),
		Email:      email,
	}
	cfg := m.TLSConfig()
	cfg.MinVersion = tls.VersionTLS12
	return tlsSetup{kind: "acme", config: cfg, trusted: true, domain: domain, cache: cache, httpAddr: httpAddr, manager: m}
}

// checkDomain says what is wrong with -acme-domain ("" when nothing).
func checkDomain(domain string) string {
	d := strings.TrimSuffix(domain, ".")
	if net.ParseIP(d) != nil || !strings.Contains(d, ".") || strings.ContainsAny(d, ":/@ *") {
		return fmt.Sprintf("-acme-domain %q: give the public domain name phones open, such as games.example.org (Let's Encrypt certifies names, not addresses)", domain)
	}
	return ""
}

// redirector is -acme-domain's plain-HTTP listener's handler: Let's
// Encrypt's HTTP checks, and every other request redirected to HTTPS.
func (s tlsSetup) redirector() http.Handler { return s.manager.HTTPHandler(nil) }

// serve runs srv on ln, over TLS when the setup says so.
func (s tlsSetup) serve(srv *http.Server, ln net.Listener) error {
	if !s.on() {
		return srv.Serve(ln)
	}
	srv.TLSConfig = s.config
	return srv.ServeTLS(ln, "", "")
}

// startRedirect starts -acme-domain's plain-HTTP listener; the returned
// function stops it. A port it cannot have is logged, not fatal: HTTPS is
// served all the same, and Let's Encrypt can check over TLS.
func (s tlsSetup) startRedirect(log *slog.Logger) func() {
	if s.kind != "acme" || s.httpAddr == "" {
		return func() {}
	}
	ln, err := net.Listen("tcp", s.httpAddr) // -acme-http: advice about -addr would not fit
	if err != nil {
		log.Warn("no plain-HTTP redirect to HTTPS", "err", err)
		return func() {}
	}
	srv := &http.Server{Handler: s.redirector(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second}
	go srv.Serve(ln) //nolint:errcheck // ends with Shutdown
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(ctx) //nolint:errcheck // stopping
	}
}

// fingerprint is a certificate's SHA-256 fingerprint as browsers show it:
// hex pairs joined by colons.
func fingerprint(c *x509.Certificate) string {
	sum := sha256.Sum256(c.Raw)
	parts := make([]string, len(sum))
	for i, b := range sum {
		parts[i] = fmt.Sprintf("%02X", b)
	}
	return strings.Join(parts, ":")
}

// reachOver is where phones open the app under the setup: the addresses
// over https, or the public domain for -acme-domain.
func (s tlsSetup) reachOver(r reach) reach {
	switch s.kind {
	case "":
		return r
	case "acme":
		u := "https://" + s.domain
		if r.port != "443" {
			u += ":" + r.port
		}
		return reach{phones: []string{u}, local: u, port: r.port}
	}
	secure := func(u string) string { return "https://" + strings.TrimPrefix(u, "http://") }
	r.local = secure(r.local)
	for i, u := range r.phones {
		r.phones[i] = secure(u)
	}
	return r
}

// write says how HTTPS is served: the certificate, its fingerprint to
// compare on a phone's warning, and the names it does not cover.
func (s tlsSetup) write(w io.Writer, r reach) {
	switch s.kind {
	case "":
		return
	case "acme":
		fmt.Fprintf(w, "HTTPS with certificates from Let's Encrypt for %s, kept in %s.\n", s.domain, absPath(s.cache))
		if s.httpAddr != "" {
			fmt.Fprintf(w, "Plain HTTP on %s redirects to HTTPS.\n", s.httpAddr)
		}
		return
	case selfSigned:
		how := "kept in"
		if s.made {
			how = "made now and kept in"
		}
		fmt.Fprintf(w, "HTTPS with a self-signed certificate, %s %s.\n", how, absPath(s.certFile))
		fmt.Fprintf(w, "Its SHA-256 fingerprint: %s\n", fingerprint(s.leaf))
		fmt.Fprintln(w, "The first time, each phone warns that the connection is not private: compare this fingerprint with")
		fmt.Fprintln(w, "the one in the warning's certificate details, then go on (Advanced, then Proceed).")
	default:
		fmt.Fprintf(w, "HTTPS with the certificate %s (SHA-256 fingerprint %s, valid until %s).\n", absPath(s.certFile), fingerprint(s.leaf), s.leaf.NotAfter.Format(time.DateOnly))
		if !s.trusted {
			fmt.Fprintln(w, "It is not signed by an authority this computer trusts: phones warn, and it is served without HSTS.")
		}
	}
	var missing []string
	for _, u := range append([]string{r.local}, r.phones...) {
		if pu, err := url.Parse(u); err == nil && s.leaf.VerifyHostname(pu.Hostname()) != nil && !strings.Contains(strings.Join(missing, " "), pu.Hostname()) {
			missing = append(missing, pu.Hostname())
		}
	}
	if len(missing) > 0 && s.kind == selfSigned {
		fmt.Fprintf(w, "The certificate does not name %s (made when this computer had other addresses): phones warn about the name too.\n", strings.Join(missing, ", "))
		fmt.Fprintf(w, "To make a new one, stop tablemate, delete %s and %s, and start it again.\n", absPath(s.certFile), absPath(s.keyFile))
	} else if len(missing) > 0 {
		fmt.Fprintf(w, "The certificate does not name %s: phones opening that address warn.\n", strings.Join(missing, ", "))
	}
}

// writeFeatures says what works on phones at the first address they can
// use, and why not (tablepage.Features).
func writeFeatures(w io.Writer, r reach, s tlsSetup) {
	if len(r.phones) == 0 {
		return
	}
	f := tablepage.FeaturesAt(r.phones[0], s.on() && !s.trusted)
	fmt.Fprint(w, wrap(f.Say().String(), 100, ""))
}

// flagGiven reports whether the command line set the flag.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// absPath is path made absolute where it can be, for the start-up output.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
