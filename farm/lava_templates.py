# SPDX-License-Identifier: BSD-2-Clause
"""LAVA's device-type templates, and rendering of ppcmmu's device dictionaries and jobs with them.

A LAVA server turns a device dictionary (farm/lava/devices/*.jinja2: "extends" a device type, sets
its variables) into the device configuration its dispatcher reads, with the device-type templates
that lava-server ships. lava-run alone (the dispatcher without a server) reads that configuration
ready-made, so make farm-test renders it here the same way, from the templates of the lava-server
package of the lava-dispatcher version installed: apt-get download (Debian's archive, the ordinary
client), unpacked into build/farm/lava-server; nothing is installed. ppcmmu's own device types
(farm/lava/device-types) extend LAVA's.
"""
import glob
import os
import re
import subprocess

FARM = os.path.dirname(os.path.abspath(__file__))


class Missing(Exception):
    pass


def device_types(builddir):
    """The directory of lava-server's device-type templates matching the installed lava-dispatcher."""
    r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "lava-dispatcher"],
                       capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout:
        raise Missing("lava-dispatcher is not installed (tools/deps.sh farm)")
    version = r.stdout.strip()
    root = os.path.join(builddir, "lava-server-" + version)
    types = os.path.join(root, "usr", "share", "lava-server", "device-types")
    if os.path.isfile(os.path.join(types, "base-uboot.jinja2")):
        return types
    os.makedirs(root, exist_ok=True)
    debs = glob.glob(os.path.join(root, "lava-server_*.deb"))
    if not debs:
        r = subprocess.run(["apt-get", "download", "lava-server=" + version], cwd=root,
                           capture_output=True, text=True)
        debs = glob.glob(os.path.join(root, "lava-server_*.deb"))
        if r.returncode != 0 or not debs:
            raise Missing("apt-get download lava-server=%s failed (the device-type templates come "
                          "from it): %s" % (version, (r.stderr.strip().splitlines() or ["?"])[-1]))
    r = subprocess.run(["dpkg-deb", "-x", debs[0], root], capture_output=True, text=True)
    if r.returncode != 0 or not os.path.isdir(types):
        raise Missing("dpkg-deb -x %s: %s" % (debs[0], r.stderr.strip()))
    return types


def fill(path, values, out):
    """Copy a farm file with each @name@ replaced by values[name] (what a lab fills in); a field
    left unfilled is an error. Returns out."""
    with open(path) as f:
        text = f.read()
    for name, value in values.items():
        text = text.replace("@%s@" % name, value)
    left = re.findall(r"@[a-z_]+@", text)
    if left:
        raise Missing("%s: not filled in: %s" % (path, " ".join(sorted(set(left)))))
    with open(out, "w") as f:
        f.write(text)
    return out


def render_device(types, dictionary, context, out, values=None):
    """Render a device dictionary (its @name@ fields filled from values) as lava-server does, with
    its jinja2 settings; returns out."""
    import jinja2
    filled = fill(dictionary, values or {}, out + ".jinja2")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([os.path.dirname(filled),
                                        os.path.join(FARM, "lava", "device-types"), types]),
        trim_blocks=True, autoescape=False)
    text = env.get_template(os.path.basename(filled)).render(**context)
    with open(out, "w") as f:
        f.write(text)
    return out


def render_job(job, values, out):
    """A job with its @name@ fields filled in."""
    return fill(job, values, out)
def tftp_dir():
    """The TFTP directory LAVA's dispatcher uses: tftpd-hpa's, from its configuration."""
    with open("/etc/default/tftpd-hpa") as f:
        m = re.search(r'^TFTP_DIRECTORY="?([^"\n]+)"?', f.read(), re.M)
    if not m:
        raise Missing("/etc/default/tftpd-hpa names no TFTP_DIRECTORY")
    return os.path.realpath(m.group(1))
