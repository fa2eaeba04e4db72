#pragma once

#include <QColor>
#include <QLabel>

namespace hostbench::ui {

/*
 * A framed, tinted note for an error the user must read (a run that did not
 * start, a result that could not be stored), or, of Kind::Warning, for what
 * was done but not as asked (the engine serves another port), not a status
 * line: wrapped, selectable, hidden while it has nothing to say. Its text,
 * background and frame are Tint's error (or warning) colours for the
 * palette it inherits, taken again whenever that palette changes (a dark
 * desktop theme). GUI thread.
 */
class ErrorNote final : public QLabel
{
    Q_OBJECT

public:
    enum class Kind { Error, Warning };

    explicit ErrorNote(QWidget *parent = nullptr, Kind kind = Kind::Error);

    Kind kind() const { return m_kind; }

    // Shows `message`; an empty one hides the note.
    void setMessage(const QString &message);

protected:
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void takeColours();

    Kind m_kind = Kind::Error;
    QColor m_frame;
    bool m_takingColours = false;
};

} // namespace hostbench::ui
