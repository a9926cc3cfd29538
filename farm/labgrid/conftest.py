# SPDX-License-Identifier: BSD-2-Clause
"""Options of ppcmmu's labgrid test module (test_ppcmmu.py), beside labgrid's own (--lg-env ...)."""
import os


def pytest_addoption(parser):
    group = parser.getgroup("ppcmmu")
    group.addoption("--ppcmmu-tests", default="all", metavar="GLOBS",
                    help="the kernel's tests= value: all, or test names and groups (shell globs, "
                         "comma-separated); default all")
    group.addoption("--ppcmmu-image", default=None, metavar="FILE",
                    help="the image to boot instead of the environment file's 'ppcmmu' image")
    group.addoption("--ppcmmu-serverip", default=os.environ.get("SERVERIP"), metavar="IP",
                    help="U-Boot boards: the TFTP server's address to set (default $SERVERIP; "
                         "without either, U-Boot's own serverip)")
    group.addoption("--ppcmmu-ipaddr", default=os.environ.get("IPADDR"), metavar="IP",
                    help="U-Boot boards: the board's address to set (default $IPADDR; without "
                         "either, U-Boot's own ipaddr)")
    group.addoption("--ppcmmu-log", default=None, metavar="FILE",
                    help="where to write the kernel's console log (default: next to the image, "
                         "farm-labgrid.log)")
