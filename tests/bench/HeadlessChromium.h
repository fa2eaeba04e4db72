#pragma once

#include <QColor>
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QUrl>

/*
 * Debian's Chromium (package chromium), headless, for the tests that look
 * at a page as a browser draws it: the DOM it parsed (--dump-dom) and a
 * screenshot (--screenshot). HOME and the profile are in `folder`, so that
 * nothing of the user's is read or written. Test helper; the test's thread.
 */
class HeadlessChromium final
{
public:
    // The executable, or empty when chromium is not installed.
    static QString find() { return QStandardPaths::findExecutable(QStringLiteral("chromium")); }

    HeadlessChromium(QString executable, const QString &folder)
        : m_executable(std::move(executable))
        , m_folder(folder)
    {
        QDir(folder).mkpath(QStringLiteral("home"));
    }

    // The DOM of `file` as Chromium parsed it; empty (and *error) when it did not finish in 60 s.
    QByteArray dumpDom(const QString &file, QString *log)
    {
        return run({ QStringLiteral("--dump-dom"), QUrl::fromLocalFile(file).toString() }, log);
    }

    // Draws `file` in a window of `width` x `height` CSS pixels into `png`.
    bool screenshot(const QString &file, const QString &png, int width, int height, QString *log)
    {
        run({ QStringLiteral("--screenshot=%1").arg(png),
                QStringLiteral("--window-size=%1,%2").arg(width).arg(height),
                QStringLiteral("--hide-scrollbars"), QUrl::fromLocalFile(file).toString() },
            log);
        return QImage(png).width() == width;
    }

    // Pixels of `image` within `tolerance` (per channel) of `colour`.
    static qsizetype pixelsNear(const QImage &image, const QColor &colour, int tolerance = 12)
    {
        const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
        qsizetype count = 0;
        for (int y = 0; y < rgb.height(); ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
            for (int x = 0; x < rgb.width(); ++x) {
                if (std::abs(qRed(line[x]) - colour.red()) <= tolerance
                    && std::abs(qGreen(line[x]) - colour.green()) <= tolerance
                    && std::abs(qBlue(line[x]) - colour.blue()) <= tolerance)
                    ++count;
            }
        }
        return count;
    }

private:
    QByteArray run(QStringList arguments, QString *log)
    {
        QProcess chromium;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), m_folder + QStringLiteral("/home"));
        chromium.setProcessEnvironment(environment);
        // A local file of the test's own: no sandbox, which needs user
        // namespaces that a container or root may not have.
        arguments = QStringList { QStringLiteral("--headless"), QStringLiteral("--disable-gpu"),
            QStringLiteral("--no-sandbox"), QStringLiteral("--no-first-run"),
            QStringLiteral("--enable-logging=stderr"),
            QStringLiteral("--user-data-dir=%1/profile").arg(m_folder) }
            + arguments;
        chromium.start(m_executable, arguments);
        if (!chromium.waitForFinished(60000)) {
            chromium.kill();
            chromium.waitForFinished();
            *log = QStringLiteral("chromium did not finish in 60 s");
            return {};
        }
        *log = QString::fromUtf8(chromium.readAllStandardError());
        return chromium.readAllStandardOutput();
    }

    QString m_executable;
    QString m_folder;
};
