# SPDX-License-Identifier: BSD-2-Clause
"""ppcmmu's target suite as pytest results, driven by labgrid's pytest plugin.

    pytest-3 farm/labgrid/test_ppcmmu.py --lg-env farm/labgrid/BOARD.yaml --junitxml=FILE

boots the environment's target once with tests=... (--ppcmmu-tests, default all) added to the board's
command line (board.cfg, the environment's ppcmmu_board option), reads its console up to the kernel's
SUMMARY line and makes every check line a test result: PASS passes, FAIL and XPASS fail, SKIP skips,
XFAIL is an expected failure (pytest's xfail).  test_boot is the run itself: it fails with labgrid's
error when the board cannot be reached or booted, and when the checks do not add up to SUMMARY.

The console log is read by tools/results' own reader (the one that writes results.tap and junit.xml
for make test), so both paths see the same checks.  The run happens while pytest collects the tests,
because the checks are known only once the kernel has printed them; it uses the plugin's environment
(the same Target object the plugin's fixtures give).

QEMU boards (a QEMUDriver in the environment): the driver starts QEMU with the command line in -append.
U-Boot boards (a UBootStrategy): the strategy powers the board on and stops U-Boot at its prompt, the
image goes to the TFTP directory (TFTPProviderDriver) and U-Boot loads it to the board's loadaddr, sets
bootargs and boots with the UBootDriver's boot_command.
"""
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import time

import pytest
from pexpect import TIMEOUT

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUMMARY_RE = rb"SUMMARY: [^\r\n]*\r*\n"
# What U-Boot says when it will not start an image; the prompt comes back after it.
REFUSAL_RE = (rb"Bad Magic Number|Bad Data CRC|Bad Header Checksum|Wrong Image Format|"
              rb"Unsupported Architecture|Could not find a valid device tree|ERROR: [^\r\n]*")


def results_module():
    """tools/results, the reader make test uses, loaded as a module."""
    path = os.path.join(TOP, "tools", "results")
    loader = importlib.machinery.SourceFileLoader("ppcmmu_results", path)
    spec = importlib.util.spec_from_loader("ppcmmu_results", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def board_get(board, key, default=None):
    cmd = [os.path.join(TOP, "tools", "board-get"), board, key] + ([default] if default else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip())
    return r.stdout.strip()


class Run:
    """One boot: the console log, the checks read from it, and what went wrong if anything did."""

    def __init__(self):
        self.log = b""
        self.error = None
        self.checks = []        # (test, kind, text, diag)
        self.summary = None
        self.log_path = None


def read_to_summary(console, run, timeout, idle):
    """Copy the console into run.log until the SUMMARY line: at most timeout s, idle s of silence."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no SUMMARY line within %d s" % timeout)
        try:
            i, before, match, _ = console.expect([SUMMARY_RE, rb"\n"], timeout=min(idle, left))
        except TIMEOUT:
            if deadline - time.monotonic() <= 0:
                raise TimeoutError("no SUMMARY line within %d s" % timeout)
            raise TimeoutError("the console stayed silent for %d s before the SUMMARY line" % idle)
        run.log += before + match.group(0)
        if i == 0:
            return


def boot_qemu(target, qemu, board, bootargs, run, image):
    qemu.boot_args = bootargs
    if image:
        target.env.config.data.setdefault("images", {})[qemu.kernel] = os.path.abspath(image)
    target.activate(qemu)
    qemu.on()
    try:
        read_to_summary(qemu, run, int(board_get(board, "timeout")), int(board_get(board, "idle", "20")))
    finally:
        qemu.off()


def boot_uboot(target, strategy, board, bootargs, run, image, net):
    strategy.transition("uboot")
    uboot = target.get_driver("UBootDriver")
    console = target.get_driver("ConsoleProtocol")
    tftp = target.get_driver("TFTPProviderDriver")
    image = image or target.env.config.get_image_path("ppcmmu")
    staged = tftp.stage(image)
    # labgrid 0.4.1 links the image into the TFTP directory only for a remote (exported)
    # TFTPProvider; with a local one, stage() returns the name and leaves the directory alone.
    # (Later versions link it there; a link is theirs, a file an earlier run's copy, replaced.)
    local = os.path.join(tftp.provider.internal, os.path.basename(image))
    if not os.path.islink(local):
        shutil.copyfile(image, local)
    loadaddr = board_get(board, "loadaddr")
    for name, value in net.items():
        if value:
            uboot.run_check("setenv %s %s" % (name, value))
    uboot.run_check("setenv bootargs '%s'" % bootargs)
    uboot.run_check("tftp %s %s" % (loadaddr, staged), timeout=60)
    uboot.boot("")
    # The kernel's banner, or U-Boot's refusal and its prompt again.
    try:
        i, before, match, _ = console.expect([uboot.bootstring.encode(), REFUSAL_RE],
                                             timeout=uboot.boot_timeout)
    except TIMEOUT:
        raise TimeoutError("no '%s' within %d s of '%s' (UBootDriver's bootstring, boot_timeout)"
                           % (uboot.bootstring, uboot.boot_timeout, uboot.boot_command))
    if i == 1:
        raise RuntimeError("U-Boot refused the image %s: %s" % (image, match.group(0).decode(errors="replace")))
    run.log += match.group(0)
    try:
        read_to_summary(console, run, int(board_get(board, "timeout")), int(board_get(board, "idle", "20")))
    finally:
        strategy.transition("off")


def labgrid_env(config):
    """The plugin's Environment: a private attribute of pytest's config up to labgrid 23, an entry of
    its stash from 24.0."""
    env = getattr(config, "_labgrid_env", None)
    if env is None:
        try:
            from labgrid.pytestplugin.hooks import LABGRID_ENV_KEY
            env = config.stash.get(LABGRID_ENV_KEY, None)
        except ImportError:
            pass
    return env


def ppcmmu_run(config):
    """Boot the environment's main target once per pytest session."""
    run = getattr(config, "_ppcmmu_run", None)
    if run is not None:
        return run
    run = config._ppcmmu_run = Run()
    env = labgrid_env(config)
    if env is None:
        run.error = "no labgrid environment: pass --lg-env farm/labgrid/BOARD.yaml"
        return run
    image = config.getoption("--ppcmmu-image")
    try:
        target = env.get_target("main")
        board = env.config.get_target_option("main", "ppcmmu_board")
        bootargs = "%s tests=%s" % (board_get(board, "bootargs", " "), config.getoption("--ppcmmu-tests"))
        bootargs = bootargs.strip()
        if "QEMUDriver" in [type(d).__name__ for d in target.drivers]:
            boot_qemu(target, target.get_driver("QEMUDriver", activate=False), board, bootargs,
                      run, image)
        else:
            net = {"serverip": config.getoption("--ppcmmu-serverip"),
                   "ipaddr": config.getoption("--ppcmmu-ipaddr")}
            boot_uboot(target, target.get_driver("Strategy"), board, bootargs, run, image, net)
    except Exception as e:  # labgrid's errors are of many kinds: each is reported as it came
        run.error = "%s: %s" % (type(e).__name__, e)
    finally:
        path = config.getoption("--ppcmmu-log") or "farm-labgrid.log"
        run.log_path = os.path.abspath(path)
        with open(run.log_path, "wb") as f:
            f.write(run.log)
    tests, summary = results_module().parse(run.log.decode("latin-1").splitlines())
    run.summary = summary
    for t in tests:
        for c in t["checks"]:
            run.checks.append((t["name"], c["kind"], c["text"], c["diag"]))
        if not t["ended"]:
            run.checks.append((t["name"], "FAIL", "the run stopped inside this test", []))
    return run


def pytest_generate_tests(metafunc):
    if "check" in metafunc.fixturenames:
        run = ppcmmu_run(metafunc.config)
        metafunc.parametrize("check", run.checks,
                             ids=["%s: %s" % (c[0], c[2]) for c in run.checks])


@pytest.fixture(scope="session")
def ppcmmu(request, env):
    """The session's run (made while collecting); env is the labgrid plugin's fixture."""
    return ppcmmu_run(request.config)


def test_boot(ppcmmu, record_testsuite_property):
    """The board booted, ran the selection and printed SUMMARY, and the checks add up to it."""
    record_testsuite_property("console_log", ppcmmu.log_path)
    if ppcmmu.error:
        pytest.fail(ppcmmu.error + "\n(console log: %s)" % ppcmmu.log_path, pytrace=False)
    assert ppcmmu.summary is not None, "no SUMMARY line in %s" % ppcmmu.log_path
    counts = [0, 0, 0, 0]
    for c in ppcmmu.checks:
        counts[{"PASS": 0, "FAIL": 1, "XPASS": 1, "SKIP": 2, "XFAIL": 3}[c[1]]] += 1
    record_testsuite_property("summary", "%d passed, %d failed, %d skipped, %d xfail" % ppcmmu.summary)
    assert tuple(counts) == ppcmmu.summary, \
        "check lines %s, SUMMARY line %s" % (counts, ppcmmu.summary)


def test_check(check):
    """One check line of the kernel's console."""
    _, kind, text, diag = check
    detail = "\n".join([text] + diag)
    if kind == "SKIP":
        pytest.skip(text)
    elif kind == "XFAIL":
        pytest.xfail(text)
    elif kind == "XPASS":
        pytest.fail("an expected failure passed: " + detail, pytrace=False)
    elif kind == "FAIL":
        pytest.fail(detail, pytrace=False)
