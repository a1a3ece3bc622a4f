// Command tablemate-load is the reliability load test: it starts the real
// tablemate binary on 127.0.0.1, runs simulated phones that enter games
// with retries and follow their table's live stream, kills the server
// with SIGKILL and restarts it while they run, and then checks the
// database: every acknowledged move is in the log exactly once and each
// game holds what the phone that entered it saw; and every phone's stream
// told it of every move.
//
// With -instances 2 it starts two tablemate processes on one PostgreSQL
// (a throwaway one in a temporary directory, or -db URL; -db sqlite puts
// both on one SQLite file), spreads the phones over both, and kills one
// after the other.
//
//	tablemate-load -bin ./bin/tablemate -phones 200 -tables 1 -duration 20s -kill-every 4s
//	tablemate-load -bin ./bin/tablemate -instances 2 -phones 200 -tables 50 -duration 20s -kill-every 4s
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"
)

func main() {
	var cfg config
	flag.StringVar(&cfg.bin, "bin", "./bin/tablemate", "tablemate binary to start")
	flag.IntVar(&cfg.phones, "phones", 200, "simulated phones")
	flag.IntVar(&cfg.tables, "tables", 1, "tables the phones are spread over")
	flag.DurationVar(&cfg.duration, "duration", 20*time.Second, "how long phones send moves")
	flag.DurationVar(&cfg.killEvery, "kill-every", 5*time.Second, "SIGKILL and restart the server this often (0 = never)")
	flag.StringVar(&cfg.dir, "dir", "", "directory for the database (default: a temporary one)")
	flag.IntVar(&cfg.instances, "instances", 1, "tablemate processes on one database, phones spread over them, killed in turn")
	flag.StringVar(&cfg.db, "db", "", "the database: sqlite (a file in -dir), postgres (a throwaway PostgreSQL started in -dir) or a postgres:// URL; default sqlite for one instance, postgres for more")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := run(ctx, cfg, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tablemate-load:", err)
		os.Exit(2)
	}
	fmt.Println(rep)
	if rep.failed() {
		os.Exit(1)
	}
}
