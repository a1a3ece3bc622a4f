package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"tablemate/scoring"
	"tablemate/scoring/games"
	"tablemate/sessions"
)

func serveCmd(ctx context.Context, args []string, logw io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", envOr("TABLEMATE_ADDR", ":8080"), "address to listen on")
	db := dbFlag(fs)
	writeRate := fs.Float64("write-rate", 10, "form posts allowed per client per second (0 = no limit)")
	bodyTimeout := fs.Duration("body-timeout", defaultBodyTimeout, "how long a request body may take to arrive before it is refused (408)")
	perClient := fs.Int("live-per-client", defaultStreamsPerClient, "live streams (open table pages) one client address may hold; an IPv6 client is its /64")
	perTable := fs.Int("live-per-table", defaultStreamsPerTable, "live streams one table may have")
	liveMax := fs.Int("live-max", defaultStreamsTotal, "live streams in all (at most half the open-file limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *perClient < 1 || *perTable < 1 || *liveMax < 1 {
		return errors.New("-live-per-client, -live-per-table and -live-max must be at least 1")
	}
	log := newLogger(logw)
	openFiles, err := raiseOpenFileLimit()
	if err != nil {
		log.Warn("could not raise the open-file limit", "err", err, "limit", openFiles)
	}
	total := streamTotalFor(openFiles, *liveMax)
	if total < *liveMax {
		log.Warn("fewer live streams than -live-max: the open-file limit is too low", "live_max", total, "open_files", openFiles)
	}
	store, err := openMigrated(ctx, *db)
	if err != nil {
		return err
	}
	defer store.Close()

	a := newApp(store, log)
	a.writeRate = *writeRate
	a.streams = newStreamCaps(*perClient, *perTable, total)
	if *bodyTimeout <= 0 {
		return errors.New("-body-timeout must be more than 0")
	}
	a.bodyTimeout = *bodyTimeout
	srv := newHTTPServer(*addr, a)
	srv.RegisterOnShutdown(a.live.close) // end live streams so shutdown does not wait on them
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("tablemate serving", "addr", *addr, "db", *db, "open_files", openFiles,
		"live_per_client", *perClient, "live_per_table", *perTable, "live_max", total)
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

func openMigrated(ctx context.Context, path string) (*sessions.Store, error) {
	store, err := sessions.Open(path)
	if err != nil {
		return nil, err
	}
	if _, _, err := store.Migrate(ctx); err != nil {
		store.Close()
		return nil, err
	}
	return store, nil
}

func migrateCmd(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	db := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	store, err := sessions.Open(*db)
	if err != nil {
		return err
	}
	defer store.Close()
	from, to, err := store.Migrate(ctx)
	if err != nil {
		return err
	}
	if from == to {
		fmt.Fprintf(out, "%s is up to date (schema version %d)\n", *db, to)
	} else {
		fmt.Fprintf(out, "%s migrated from schema version %d to %d\n", *db, from, to)
	}
	return nil
}

func backupCmd(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	db := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("backup needs the file to write, e.g. tablemate backup tablemate-backup.db")
	}
	if _, err := os.Stat(*db); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	store, err := sessions.Open(*db)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Backup(ctx, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(out, "backed up %s to %s\n", *db, fs.Arg(0))
	return nil
}

// checkCmd scores a JSON state with the same engine call as the API and
// prints the API's answer: exit 0 valid, 1 invalid state, 2 unreadable.
func checkCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprint(stderr, "usage: tablemate check GAME FILE   (FILE \"-\" or missing reads stdin)\n")
		return 2
	}
	engine, ok := games.Find(args[0])
	if !ok {
		fmt.Fprintf(stderr, "tablemate: unknown game %q; games: %s\n", args[0], gameSlugs())
		return 2
	}
	var r io.Reader = stdin
	if len(args) == 2 && args[1] != "-" {
		f, err := os.Open(args[1])
		if err != nil {
			fmt.Fprintln(stderr, "tablemate:", err)
			return 2
		}
		defer f.Close()
		r = f
	}
	body, err := io.ReadAll(io.LimitReader(r, scoring.MaxBody+1))
	if err != nil {
		fmt.Fprintln(stderr, "tablemate:", err)
		return 2
	}
	res, status, answer := scoreBody(engine, body)
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if status != http.StatusOK {
		enc.Encode(answer)
		return 2
	}
	enc.Encode(res)
	if !res.Valid {
		return 1
	}
	return 0
}

func gameSlugs() string {
	s := ""
	for i, info := range games.Infos() {
		if i > 0 {
			s += ", "
		}
		s += info.Slug
	}
	return s
}
