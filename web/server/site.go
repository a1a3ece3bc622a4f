package server

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/web/tablepage"
)

// EnvOr is the environment variable key, or def when it is unset or
// empty: the default of a flag the environment may set.
func EnvOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// SiteFlags are the serve flags that say how the server is reached: the
// address share links and QR codes carry, which Host headers may stand in
// for it, and which proxies are believed about the client.
type SiteFlags struct {
	publicURL, allowedHosts, trustedProxies *string
}

// AddSiteFlags defines them on serve's flag set, each with its
// environment default; the usage text lists them from here.
func AddSiteFlags(fs *flag.FlagSet) SiteFlags {
	return SiteFlags{
		publicURL: fs.String("public-url", EnvOr("TABLEMATE_PUBLIC_URL", ""),
			"address phones reach the server at, e.g. https://games.example.org; share links and QR codes use it"),
		allowedHosts: fs.String("allowed-hosts", EnvOr("TABLEMATE_ALLOWED_HOSTS", ""),
			"comma-separated host[:port] names (besides the listening addresses) whose Host header share links may use when -public-url is not set"),
		trustedProxies: fs.String("trusted-proxy", EnvOr("TABLEMATE_TRUSTED_PROXY", ""),
			"comma-separated networks (CIDR, or single addresses) of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed"),
	}
}

// Site is how the server is reached, from the flags and the listener.
type Site struct {
	// public is the configured public URL without a trailing slash
	// ("" = derive it from the request).
	public string
	// hosts are the Host values (lower case, with port) share links may
	// use: the listening addresses and the -allowed-hosts list.
	hosts map[string]bool
	// fallback is the listening address share links use when the request
	// names another host.
	fallback string
	// proxies are the networks whose forwarding headers are believed.
	proxies []*net.IPNet
	// certUntrusted is set when the server's own TLS certificate is one
	// browsers do not trust (self-signed): no HSTS, which would leave a
	// phone no way past the warning, and no service worker for phones.
	certUntrusted bool
	// https is set when the server answers HTTPS itself.
	https bool
}

// ServeTLS tells the site that the server answers HTTPS itself, with a
// certificate browsers trust or not (serve -tls, -tls-cert,
// -acme-domain).
func (s *Site) ServeTLS(trusted bool) { s.https, s.certUntrusted = true, !trusted }

// features are the phone features at the address share links point to.
func (s *Site) features(r *http.Request) tablepage.Features {
	return tablepage.FeaturesAt(s.origin(r), s.certUntrusted)
}

// NewSite reads the flags for a server listening at addr (its real
// address, port included).
func NewSite(f SiteFlags, addr net.Addr) (*Site, error) {
	s := &Site{hosts: map[string]bool{}}
	if *f.publicURL != "" {
		u, err := url.Parse(*f.publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return nil, fmt.Errorf("-public-url %q: give the address phones open, such as https://games.example.org", *f.publicURL)
		}
		s.public = strings.TrimSuffix(u.Scheme+"://"+u.Host+u.EscapedPath(), "/")
	}
	for _, h := range strings.Split(*f.allowedHosts, ",") {
		if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
			if strings.ContainsAny(h, "/@ ") {
				return nil, fmt.Errorf("-allowed-hosts: %q is not a host name (write games.example.org or games.example.org:8080)", h)
			}
			s.hosts[h] = true
		}
	}
	nets, err := parseNetworks(*f.trustedProxies)
	if err != nil {
		return nil, fmt.Errorf("-trusted-proxy: %w", err)
	}
	s.proxies = nets
	s.listening(addr)
	return s, nil
}

// parseNetworks reads comma-separated CIDRs; a bare address is a network
// of one.
func parseNetworks(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			ip := net.ParseIP(part)
			if ip == nil {
				return nil, fmt.Errorf("%q is neither an address nor a network such as 10.0.0.0/8", part)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(part)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a network such as 10.0.0.0/8", part)
		}
		out = append(out, n)
	}
	return out, nil
}

// listening adds the addresses the server answers on to the allowed
// hosts: the listener's own, or every interface's when it listens on all
// of them, and "localhost". The fallback is the first address a phone on
// the network could open (not loopback when there is another).
func (s *Site) listening(addr net.Addr) {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return
	}
	port := fmt.Sprint(tcp.Port)
	var ips []net.IP
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		if as, err := net.InterfaceAddrs(); err == nil {
			for _, a := range as {
				if n, ok := a.(*net.IPNet); ok {
					ips = append(ips, n.IP)
				}
			}
		}
	} else {
		ips = []net.IP{tcp.IP}
	}
	slices.SortStableFunc(ips, func(a, b net.IP) int { // reachable first, IPv4 first
		rank := func(ip net.IP) int {
			r := 0
			if ip.IsLoopback() {
				r += 2
			}
			if ip.To4() == nil {
				r++
			}
			return r
		}
		return rank(a) - rank(b)
	})
	for _, ip := range ips {
		if ip.IsLinkLocalUnicast() {
			continue // needs a zone; no phone opens these
		}
		h := net.JoinHostPort(ip.String(), port)
		s.hosts[h] = true
		if s.fallback == "" {
			s.fallback = h
		}
	}
	s.hosts[net.JoinHostPort("localhost", port)] = true
	if s.fallback == "" {
		s.fallback = net.JoinHostPort("localhost", port)
	}
}

// Describe says where share links point, for the start-up log line.
func (s *Site) Describe() string {
	if s.public != "" {
		return s.public
	}
	scheme := "http"
	if s.https {
		scheme = "https"
	}
	return "the request's host if allowed, else " + scheme + "://" + s.fallback
}

// trusted reports whether the request came straight from a trusted proxy.
func (s *Site) trusted(r *http.Request) bool {
	if len(s.proxies) == 0 {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && slices.ContainsFunc(s.proxies, func(n *net.IPNet) bool { return n.Contains(ip) })
}

// scheme is "https" when the connection is TLS, or when a trusted proxy
// says the phone's connection to it is; anyone else's X-Forwarded-Proto
// is ignored.
func (s *Site) scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	if s.trusted(r) {
		// The nearest proxy's word counts: the last value it appended.
		values := strings.Split(strings.Join(r.Header.Values(echo.HeaderXForwardedProto), ","), ",")
		if strings.EqualFold(strings.TrimSpace(values[len(values)-1]), "https") {
			return "https"
		}
	}
	return "http"
}

// ipExtractor finds the client's address for the write limiter and logs:
// the TCP peer, or, behind a trusted proxy, the nearest address in
// X-Forwarded-For that is not one of the trusted proxies. Loopback and
// private networks are not trusted unless listed.
func (s *Site) ipExtractor() echo.IPExtractor {
	if len(s.proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range s.proxies {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// origin is where share links and QR codes point: the public URL when
// one is set; else this request's scheme and host when the host is one the
// server answers on or is allowed; else the listening address. A Host
// header alone never puts another site into a share link.
func (s *Site) origin(r *http.Request) string {
	if s.public != "" {
		return s.public
	}
	host := strings.ToLower(r.Host)
	if !s.hosts[host] {
		host = s.fallback
	}
	if host == "" {
		host = "localhost"
	}
	return s.scheme(r) + "://" + host
}

// linkFree reports whether answers under path hold no link, so they may
// be cached as their handlers say: static files, the service worker's
// files, the health check, the score checker, the API and the new-league
// form. Every other answer is behind a link (an edit, view-only or admin
// link, a league's standings) or may list links (the start page, the
// history, a league's new-table form), and is never stored.
func linkFree(path string) bool {
	switch path {
	case "/sw.js", "/manifest.webmanifest", "/healthz", "/offline", "/check", "/leagues/new":
		return true
	}
	for _, prefix := range []string{"/static/", "/check/", "/api/"} {
		if strings.HasPrefix(path, prefix) {
			return true
		}
	}
	return false
}

// linkHeaders sets the headers of answers behind links, before routing so
// that redirects made before it (a trailing slash) have them too:
// Cache-Control: no-store (see linkFree); under HTTPS (TLS, or a trusted
// proxy saying so) the Secure flag on every cookie set, and
// Strict-Transport-Security unless the server's own certificate is one
// browsers do not trust.
func (s *Site) linkHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		if !linkFree(c.Request().URL.Path) {
			h[echo.HeaderCacheControl] = noStore // shared, see fixedHeaders
		}
		if c.Scheme() == "https" {
			if c.Request().TLS == nil || !s.certUntrusted {
				h.Set(echo.HeaderStrictTransportSecurity, "max-age=31536000")
			}
			c.Response().Before(func() { secureCookies(h) })
		}
		return next(c)
	}
}

var noStore = []string{"no-store"}[:1:1]

// secureCookies adds the Secure flag to every cookie being set, whoever
// set it (the CSRF middleware, the language switch, the tables list).
func secureCookies(h http.Header) {
	cookies := h[http.CanonicalHeaderKey("Set-Cookie")]
	for i, ck := range cookies {
		if !hasAttr(ck, "secure") {
			cookies[i] = ck + "; Secure"
		}
	}
}

// hasAttr reports whether a Set-Cookie value has the attribute attr.
func hasAttr(setCookie, attr string) bool {
	for _, part := range strings.Split(setCookie, ";")[1:] {
		name, _, _ := strings.Cut(strings.TrimSpace(part), "=")
		if strings.EqualFold(name, attr) {
			return true
		}
	}
	return false
}
