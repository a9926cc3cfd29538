#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""run serial [options] BOARD IMAGE: boot IMAGE on a real board through the U-Boot on its serial console.

Opens the console (pyserial) at the board's baud rate, runs the reset hook if there is one, stops
autoboot, sets bootargs, loads the image (tftp, or YMODEM over the console with lrzsz's sb) and the
device tree where the board needs one, boots it with bootm and copies everything the console prints
to stdout until the kernel's SUMMARY line. tools/run board calls it (as tools/run serial) for boards with runner = hardware
and judges the SUMMARY line like any other run.

Every option defaults to an environment variable (what `make ... PORT=...` passes), then to the
board's key in board.cfg:
  --port PATH        PORT          the serial device (/dev/ttyUSB0)
  --baud N           BAUD          baud       line speed
  --load HOW         LOAD          load       tftp | ymodem
  --tftp-dir DIR     TFTP_DIR                 the TFTP server's root: the images are copied there
  --serverip IP      SERVERIP                 U-Boot's serverip (else the board's environment)
  --ipaddr IP        IPADDR                   U-Boot's ipaddr (else the board's environment)
  --dtb WHAT         DTB           dtb        control (U-Boot's own tree, $fdtcontroladdr) |
                                              none (U-Boot passes a bd_t) | a .dtb file (to $fdtaddr)
  --append WORDS     APPEND                   words added to the board's bootargs
  --reset-cmd CMD    RESET_CMD     reset_cmd  shell command that power-cycles or resets the board
  --setup LINE       SETUP         setup      a U-Boot command line typed at its prompt before the load
                                              (U-Boot's ';' separates commands); an error fails the run
  --timeout S                      timeout    seconds from bootm to the SUMMARY line
  --idle S                         idle       seconds without output that mean the run has stopped
  --answer S                                  seconds to wait for U-Boot to answer (default 10)
Board keys also used: loadaddr, fdtaddr (when U-Boot has none), bootargs.

Exit status: 0 the run printed its SUMMARY line; otherwise the last line on stdout says why:
2 usage or configuration, 3 the port cannot be opened, 4 no answer, 5 garbled answer (wrong baud
rate), 6 an answer that is not U-Boot's prompt, 7 loading failed, 8 U-Boot refused the image,
9 the run stopped printing, 10 no SUMMARY line in time, 11 the reset hook failed, 12 the kernel
came up at its monitor prompt (no tests= in its command line), 13 U-Boot refused the setup line.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

try:
    import pexpect
    import pexpect.fdpexpect
    import serial
except ImportError as e:
    print("run serial: error: %s: run tools/deps.sh (python3-serial, python3-pexpect)" % e, flush=True)
    sys.exit(2)

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROMPT = "=> "
MONITOR_PROMPT = "ppcmmu> "        # the kernel's monitor: it runs tests only when told to (tests=)
SUMMARY_RE = re.compile(r"SUMMARY: [^\r\n]*\r?\n")
# What U-Boot prints when it will not start an image (the prompt then comes back).
REFUSAL_RE = re.compile(r"Bad Magic Number|Bad Data CRC|Bad Header Checksum|Wrong Image Format|"
                        r"Unsupported Architecture|ERROR: .*|Could not find a valid device tree|"
                        r"Unknown command.*")
AUTOBOOT_RE = re.compile(r"Hit any key to stop autoboot|Press SPACE to abort autoboot|"
                         r"autoboot in \d+ seconds")


class Failure(Exception):
    def __init__(self, status, msg):
        super().__init__(msg)
        self.status = status


def say(msg):
    sys.stdout.write("\nrun serial: %s\n" % msg)
    sys.stdout.flush()


def board_get(board, key, default=None):
    cmd = [os.path.join(TOOLS, "board-get"), board, key] + ([default] if default is not None else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise Failure(2, r.stderr.strip() or "board-get %s %s failed" % (board, key))
    return r.stdout.strip()


def printable_share(text):
    ok = sum(1 for ch in text if " " <= ch <= "~" or ch in "\r\n\t\b")
    return ok / len(text) if text else 1.0


class Console:
    """The board's U-Boot console: pyserial for the line, pexpect to wait for text on it."""

    def __init__(self, port, baud):
        try:
            self.ser = serial.Serial(port, baud, timeout=0, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as e:
            raise Failure(3, "cannot open %s at %d baud: %s" % (port, baud, e))
        self.port, self.baud = port, baud
        self.p = pexpect.fdpexpect.fdspawn(self.ser.fileno(), encoding="latin-1",
                                           codec_errors="replace")
        self.p.logfile_read = sys.stdout

    def send(self, text):
        self.ser.write(text.encode("latin-1"))
        self.ser.flush()

    def expect(self, patterns, timeout):
        """Index of the pattern that matched, or -1 on timeout, -2 when the line went away."""
        try:
            return self.p.expect(patterns, timeout=timeout)
        except pexpect.TIMEOUT:
            return -1
        except pexpect.EOF:
            return -2

    def type_line(self, line, timeout=5):
        """Type a command as a person would: 16 characters at a time (a UART's FIFO), each
        chunk echoed back before the next, so a U-Boot that polls its UART loses nothing."""
        for i in range(0, len(line), 16):
            chunk = line[i:i + 16]
            self.send(chunk)
            if self.expect([re.escape(chunk)], timeout) < 0:
                raise Failure(6, "U-Boot did not echo '%s' of the command '%s'" % (chunk, line))
        self.send("\r")

    def command(self, line, timeout=10):
        """Run a U-Boot command; returns what it printed (between its echo and the next prompt)."""
        self.type_line(line)
        r = self.expect([PROMPT], timeout)
        if r < 0:
            raise Failure(6, "no U-Boot prompt within %d s after '%s'; last text: '%s'"
                          % (timeout, line, tail_text(self.p.before)))
        return self.p.before


def tail_text(text, n=3):
    lines = [l.strip() for l in (text or "").replace("\r", "\n").split("\n") if l.strip()]
    out = " | ".join(lines[-n:])
    return "".join(ch if " " <= ch <= "~" else "?" for ch in out)[:200]


def run_reset_hook(cmd):
    say("reset hook: %s" % cmd)
    try:
        r = subprocess.run(cmd, shell=True, timeout=60, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        raise Failure(11, "the reset hook '%s' did not finish in 60 s" % cmd)
    out = (r.stdout + r.stderr).strip()
    if out:
        sys.stdout.write(out + "\n")
    if r.returncode != 0:
        raise Failure(11, "the reset hook '%s' failed (status %d): %s"
                      % (cmd, r.returncode, tail_text(out, 1)))


def get_prompt(con, answer_s):
    """Bring U-Boot to its prompt: stop autoboot, or poke an idle prompt with Enter."""
    deadline = time.monotonic() + answer_s
    seen = ""
    while time.monotonic() < deadline:
        r = con.expect([AUTOBOOT_RE, PROMPT], 1)
        seen += con.p.before or ""
        if r == 0:
            con.send(" ")
        elif r == 1:
            # A prompt could be text a kernel printed: ask U-Boot for a line only it would print.
            con.send("\x03")
            try:
                out = con.command("echo ppcmmu-serial-sync", 5)
            except Failure:
                continue
            if re.search(r"^ppcmmu-serial-sync\r?$", out, re.M):
                return
        elif r == -2:
            raise Failure(4, "%s went away (end of file) while waiting for U-Boot" % con.port)
        else:
            # Ctrl-C abandons a half-typed line; Enter asks for a fresh prompt.
            con.send("\x03\r")
    seen += con.p.buffer or ""
    if not seen.strip("\x00\r\n"):
        raise Failure(4, "no answer from %s in %d s: is the board powered and in U-Boot (a kernel "
                         "left spinning needs a reset, or RESET_CMD), the cable on its console UART, "
                         "and PORT the right device?" % (con.port, answer_s))
    if printable_share(seen) < 0.8:
        raise Failure(5, "garbled answer from %s (%d bytes, %d%% of them not text): wrong baud rate? "
                         "this run used %d" % (con.port, len(seen),
                                                100 - int(100 * printable_share(seen)), con.baud))
    raise Failure(6, "%s answers but U-Boot's prompt '%s' never came in %d s; last text: '%s'"
                  % (con.port, PROMPT.strip(), answer_s, tail_text(seen)))


def uboot_env(con, name):
    out = con.command("printenv " + name)
    m = re.search(r"^%s=(.*?)\r?$" % re.escape(name), out, re.M)
    return m.group(1).strip() if m else None


def load_tftp(con, path, addr, opts):
    if not opts.tftp_dir:
        raise Failure(2, "the tftp load path needs the TFTP server's directory (TFTP_DIR=...)")
    name = "ppcmmu-%s-%s" % (opts.board, os.path.basename(path))
    try:
        shutil.copyfile(path, os.path.join(opts.tftp_dir, name))
    except OSError as e:
        raise Failure(7, "cannot copy %s into the TFTP directory: %s" % (path, e))
    for var in ("ipaddr", "serverip"):
        val = getattr(opts, var)
        if var in opts.net_set:
            continue
        if val:
            con.command("setenv %s %s" % (var, val))
        elif not uboot_env(con, var):
            raise Failure(2, "U-Boot has no %s: give %s=..." % (var, var.upper()))
        opts.net_set.add(var)
    out = con.command("tftpboot %s %s" % (addr, name), 60)
    m = re.search(r"Bytes transferred = (\d+)", out)
    size = os.path.getsize(path)
    if not m or int(m.group(1)) != size:
        raise Failure(7, "tftp of %s failed (%s of %d bytes): %s"
                      % (name, m.group(1) if m else "no", size, tail_text(out, 2)))


def load_ymodem(con, path, addr, opts):
    sb = shutil.which("sb")
    if not sb:
        raise Failure(2, "sb not found: run tools/deps.sh (package lrzsz)")
    con.type_line("loady %s %d" % (addr, opts.baud))
    if con.expect([r"Ready for binary \(ymodem\) download"], 10) < 0:
        raise Failure(7, "U-Boot did not start a YMODEM receive: '%s'" % tail_text(con.p.before))
    size = os.path.getsize(path)
    # sb talks on the line itself; its own messages go to stderr. sb gives up by itself on a
    # dead line (per-block retries); the overall bound only has to stop a transfer that crawls:
    # ten times the line's time for the bytes, but at least 180 s (an emulated stand-in on a
    # loaded machine moved 90 KB in 23 s idle and in over 90 s at load 10).
    fd = con.ser.fileno()
    os.set_blocking(fd, True)
    t0 = time.monotonic()
    try:
        r = subprocess.run([sb, "--ymodem", "-k", "-q", path], stdin=fd, stdout=fd,
                           stderr=subprocess.PIPE, text=True, timeout=max(180, size * 20 // opts.baud))
    except subprocess.TimeoutExpired:
        raise Failure(7, "YMODEM send of %s did not finish" % path)
    finally:
        os.set_blocking(fd, False)
    say("sb: status %d after %.1f s" % (r.returncode, time.monotonic() - t0))
    if r.returncode != 0:
        con.send("\x03\x03\x03")      # U-Boot's loady gives up on Ctrl-C
        raise Failure(7, "YMODEM send of %s failed (sb status %d): %s"
                      % (path, r.returncode, tail_text(r.stderr, 2)))
    if con.expect([r"Total Size\s*=\s*0x[0-9a-fA-F]+\s*=\s*(\d+) Bytes"], 10) != 0:
        raise Failure(7, "U-Boot did not report the size of the YMODEM transfer: '%s'"
                      % tail_text(con.p.before))
    got = int(con.p.match.group(1))
    if con.expect([PROMPT], 10) < 0:
        raise Failure(7, "no U-Boot prompt after the YMODEM transfer")
    if got != size:
        raise Failure(7, "U-Boot received %d bytes of the %d sent by YMODEM" % (got, size))


# What U-Boot prints when a command fails or it does not know one.
SETUP_ERROR_RE = re.compile(r"Unknown command|Usage:|ERROR|[Ee]rror|not supported|failed")


def setup(con, line):
    out = con.command(line)
    if SETUP_ERROR_RE.search(out):
        raise Failure(13, "U-Boot refused the setup line '%s': %s" % (line, tail_text(out)))


def load(con, path, addr, opts):
    say("loading %s to %s by %s" % (path, addr, opts.load))
    if opts.load == "tftp":
        load_tftp(con, path, addr, opts)
    elif opts.load == "ymodem":
        load_ymodem(con, path, addr, opts)
    else:
        raise Failure(2, "unknown load path '%s' (tftp or ymodem)" % opts.load)


def boot(con, opts, addr):
    """Start the image; returns True once the SUMMARY line has been read, False when the kernel
    came up at its monitor prompt and --at-prompt-ok allows that."""
    if opts.dtb == "none":
        cmd = "bootm %s" % addr
    elif opts.dtb == "control":
        if not uboot_env(con, "fdtcontroladdr"):
            raise Failure(2, "this U-Boot has no device tree of its own ($fdtcontroladdr): give "
                             "DTB=file.dtb")
        cmd = "bootm %s - ${fdtcontroladdr}" % addr
    else:
        fdtaddr = uboot_env(con, "fdtaddr") or board_get(opts.board, "fdtaddr", "")
        if not fdtaddr:
            raise Failure(2, "neither U-Boot nor board.cfg names an fdtaddr for the device tree")
        load(con, opts.dtb, fdtaddr, opts)
        cmd = "bootm %s - %s" % (addr, fdtaddr)
    con.type_line(cmd)
    deadline = time.monotonic() + opts.timeout
    text = ""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise Failure(10, "no SUMMARY line within %d s of bootm; last text: '%s'"
                          % (opts.timeout, tail_text(text)))
        wait = min(left, opts.idle)
        r = con.expect([SUMMARY_RE, PROMPT, "\n", MONITOR_PROMPT], wait)
        text += con.p.before or ""
        if r == 0:
            return True
        if r == 1:
            why = list(dict.fromkeys(m.strip() for m in REFUSAL_RE.findall(text)))
            raise Failure(8, "U-Boot refused the image: %s" % ("; ".join(why) or tail_text(text)))
        if r == 3 and opts.at_prompt_ok:
            say("the kernel is at its monitor prompt on %s: use it with a terminal program "
                "(e.g. picocom -b %d %s)" % (con.port, opts.baud, con.port))
            return False
        if r == 3:
            raise Failure(12, "the kernel came up at its monitor prompt instead of running the tests: "
                              "its command line has no tests= (APPEND=tests=all; a board without a "
                              "device tree takes the command line built into the image)")
        if r == 2:
            text = text[-4096:] + "\n"
        elif r == -2:
            raise Failure(9, "%s went away (end of file) during the run" % con.port)
        elif wait == opts.idle:
            raise Failure(9, "the run stopped printing: nothing for %d s; last text: '%s'"
                          % (opts.idle, tail_text(text + (con.p.buffer or ""))))


def after_verdict(con, opts):
    """Let the end of the run reach the log; without a reset hook, leave U-Boot at its prompt if
    the kernel reset the board, or say that the board needs a reset."""
    r = con.expect([r"U-Boot \d{4}\.\d+"], opts.after)
    if r != 0:
        if not opts.reset_cmd:
            say("the board did not come back to U-Boot within %d s: reset it (or set RESET_CMD) "
                "before the next run" % opts.after)
        return
    try:
        get_prompt(con, opts.answer)
        say("the board reset itself; U-Boot is at its prompt")
    except Failure as e:
        say("after the run: %s" % e)


def options():
    ap = argparse.ArgumentParser(prog="run serial", description=__doc__.split("\n")[0])
    env = os.environ.get
    ap.add_argument("--port", default=env("PORT"))
    ap.add_argument("--baud", type=int, default=env("BAUD"))
    ap.add_argument("--load", default=env("LOAD"))
    ap.add_argument("--tftp-dir", default=env("TFTP_DIR"))
    ap.add_argument("--serverip", default=env("SERVERIP"))
    ap.add_argument("--ipaddr", default=env("IPADDR"))
    ap.add_argument("--dtb", default=env("DTB"))
    ap.add_argument("--append", default=env("APPEND", ""))
    ap.add_argument("--reset-cmd", default=env("RESET_CMD"))
    ap.add_argument("--setup", default=env("SETUP"))
    ap.add_argument("--timeout", type=int)
    ap.add_argument("--idle", type=int)
    ap.add_argument("--answer", type=int, default=10)
    ap.add_argument("--after", type=int, default=5, help="seconds to wait for U-Boot after the run")
    ap.add_argument("--at-prompt-ok", action="store_true",
                    help="make run: the kernel's monitor prompt ends the run successfully")
    ap.add_argument("board")
    ap.add_argument("image")
    o = ap.parse_args()
    b = o.board
    if not o.port:
        raise Failure(2, "no serial port: give PORT=/dev/ttyUSB0 (or --port)")
    o.baud = o.baud or int(board_get(b, "baud"))
    o.load = o.load or board_get(b, "load")
    o.dtb = o.dtb or board_get(b, "dtb")
    o.reset_cmd = o.reset_cmd or board_get(b, "reset_cmd", "")
    o.setup = o.setup or board_get(b, "setup", "")
    o.timeout = o.timeout or int(board_get(b, "timeout", "120"))
    o.idle = o.idle or int(board_get(b, "idle", "20"))
    o.loadaddr = board_get(b, "loadaddr")
    o.net_set = set()
    o.bootargs = (board_get(b, "bootargs", "") + " " + o.append).strip()
    if o.dtb not in ("control", "none") and not os.path.isfile(o.dtb):
        raise Failure(2, "device tree %s not found" % o.dtb)
    if not os.path.isfile(o.image):
        raise Failure(2, "image %s not found" % o.image)
    return o


def main():
    try:
        opts = options()
        con = Console(opts.port, opts.baud)
        say("%s on %s at %d baud, load by %s, device tree: %s"
            % (opts.board, opts.port, opts.baud, opts.load, opts.dtb))
        if opts.reset_cmd:
            run_reset_hook(opts.reset_cmd)
        get_prompt(con, opts.answer)
        # U-Boot's setenv joins its arguments with spaces; quotes would be kept in the value.
        con.command("setenv bootargs %s" % opts.bootargs)
        if opts.setup:
            setup(con, opts.setup)
        load(con, opts.image, opts.loadaddr, opts)
        if boot(con, opts, opts.loadaddr):
            after_verdict(con, opts)
        return 0
    except Failure as e:
        say("error: %s" % e)
        return e.status


if __name__ == "__main__":
    sys.exit(main())
