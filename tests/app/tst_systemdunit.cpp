// installer/hostbench.service (the systemd user unit for hostbench-cli serve),
// configured with the built hostbench-cli, checked by systemd-analyze verify.
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

class TestSystemdUnit final : public QObject
{
    Q_OBJECT

private slots:
    void verifies();
    void servesAndReloadsWithSighup();
};

void TestSystemdUnit::verifies()
{
    const QString analyze = QStandardPaths::findExecutable(u"systemd-analyze"_s);
    if (analyze.isEmpty())
        QSKIP("systemd-analyze is not installed (package systemd)");
    QProcess verify;
    // System mode: --user needs a running user manager, and the checks are the same.
    verify.start(analyze, { u"verify"_s, QStringLiteral(HOSTBENCH_SERVICE_PATH) });
    QVERIFY(verify.waitForFinished(60'000));
    const QByteArray output = verify.readAllStandardOutput() + verify.readAllStandardError();
    QVERIFY2(verify.exitStatus() == QProcess::NormalExit && verify.exitCode() == 0, output.constData());
    // Warnings ("Failed to parse ..., ignoring") do not change the exit status.
    QVERIFY2(output.trimmed().isEmpty(), output.constData());
}

void TestSystemdUnit::servesAndReloadsWithSighup()
{
    QFile file(QStringLiteral(HOSTBENCH_SERVICE_PATH));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QVERIFY(lines.contains("ExecStart=" + QByteArray(HOSTBENCH_CLI_PATH) + " serve"));
    QVERIFY(lines.contains("ExecReload=/bin/kill -HUP $MAINPID")); // serve reloads on SIGHUP
    QVERIFY(lines.contains("WantedBy=default.target")); // a user unit
}

QTEST_GUILESS_MAIN(TestSystemdUnit)
#include "tst_systemdunit.moc"
