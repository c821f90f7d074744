"""examples/python/train_policy.py runs: a few updates and a short
duplicate-deal measurement (docs/python.md "Training example"). scripts/setup
--test installs Debian's python3-torch and python3-numpy for it; where they
cannot be imported (a setup without them) the test is skipped, with the
reason."""
import os
import subprocess
import sys
import unittest

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python", "train_policy.py")


def importable(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False


@unittest.skipUnless(importable("torch") and importable("numpy"),
                     "PyTorch or numpy is not installed (Debian's python3-torch, python3-numpy; "
                     "make example-train installs them)")
class TrainingExample(unittest.TestCase):
    def test_a_few_updates_and_the_measurement(self):
        run = subprocess.run([sys.executable, EXAMPLE, "--updates", "2", "--games", "8", "--horizon", "8",
                              "--deals", "8", "--log-every", "1"],
                             capture_output=True, text=True, timeout=600, env=os.environ)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("update    2", run.stdout)
        for bot in ("random", "heuristic"):
            self.assertRegex(run.stdout, rf"the policy against {bot}: \d+/16 = ")


if __name__ == "__main__":
    unittest.main()
