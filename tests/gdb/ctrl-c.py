# SPDX-License-Identifier: BSD-2-Clause
"""ctrl-c.py PORT: continue the simulator through the remote protocol, send Ctrl-C (0x03), and
expect a stop reply with SIGINT (T02) within 10 s. Prints one PASS or FAIL line."""
import socket
import sys
import time


def packet(data):
    return b"$%s#%02x" % (data, sum(data) & 0xFF)


def main():
    s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), 5)
    s.sendall(packet(b"c"))
    time.sleep(0.3)
    s.sendall(b"\x03")
    s.settimeout(10)
    got = b""
    try:
        while b"#" not in got.partition(b"$")[2]:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
    except socket.timeout:
        pass
    reply = got.partition(b"$")[2].partition(b"#")[0]
    ok = reply.startswith(b"T02")
    print("%s: Ctrl-C stops a running simulator with SIGINT%s"
          % ("PASS" if ok else "FAIL", "" if ok else " (reply %r)" % reply))
    s.sendall(b"+" + packet(b"k"))
    s.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
