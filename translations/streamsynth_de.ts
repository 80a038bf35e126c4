<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ChartMetric</name>
    <message>
        <source>AvgWE</source>
        <translation>AvgWE</translation>
    </message>
    <message>
        <source>MaxWE</source>
        <translation>MaxWE</translation>
    </message>
    <message>
        <source>AvgRelWE</source>
        <translation>AvgRelWE</translation>
    </message>
    <message>
        <source>MaxRelWE</source>
        <translation>MaxRelWE</translation>
    </message>
    <message>
        <source>AvgRelL1</source>
        <translation>AvgRelL1</translation>
    </message>
    <message>
        <source>MaxRelL1</source>
        <translation>MaxRelL1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Differentially private synthetic tabular streams.</source>
        <translation>Differentiell private synthetische tabellarische Datenströme.</translation>
    </message>
    <message>
        <source>Start the run as soon as the stream is open.</source>
        <translation>Den Lauf starten, sobald der Strom geöffnet ist.</translation>
    </message>
    <message>
        <source>A table (CSV/TSV) to open.</source>
        <translation>Eine zu öffnende Tabelle (CSV/TSV).</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ChartsView</name>
    <message>
        <source>Log scale</source>
        <translation>Logarithmische Skala</translation>
    </message>
    <message>
        <source>Relative error:</source>
        <translation>Relativer Fehler:</translation>
    </message>
    <message>
        <source>RelWE (paper)</source>
        <translation>RelWE (Artikel)</translation>
    </message>
    <message>
        <source>RelL1 (stable)</source>
        <translation>RelL1 (stabil)</translation>
    </message>
    <message>
        <source>RelWE is dominated by cells holding one or two true rows; RelL1 is twice the total variation distance.</source>
        <translation>RelWE wird von Zellen mit ein oder zwei echten Zeilen dominiert; RelL1 ist die doppelte Totalvariationsdistanz.</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Drag a rectangle on a chart to zoom; right click or this button resets.</source>
        <translation>Zum Vergrößern ein Rechteck im Diagramm aufziehen; Rechtsklick oder diese Schaltfläche setzt zurück.</translation>
    </message>
    <message>
        <source>Export charts</source>
        <translation>Diagramme exportieren</translation>
    </message>
    <message>
        <source>All four as PNG…</source>
        <translation>Alle vier als PNG…</translation>
    </message>
    <message>
        <source>All four as SVG…</source>
        <translation>Alle vier als SVG…</translation>
    </message>
    <message>
        <source>Chart %1 as PNG…</source>
        <translation>Diagramm %1 als PNG…</translation>
    </message>
    <message>
        <source>Chart %1 as SVG…</source>
        <translation>Diagramm %1 als SVG…</translation>
    </message>
    <message>
        <source>No series yet: press Run.</source>
        <translation>Noch keine Reihen: „Ausführen“ drücken.</translation>
    </message>
    <message>
        <source>StreamSynth charts</source>
        <translation>StreamSynth-Diagramme</translation>
    </message>
    <message>
        <source>Error metrics computed from private data: not for publication.</source>
        <translation>Fehlermaße aus privaten Daten berechnet: nicht zur Veröffentlichung.</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::CounterCompareView</name>
    <message>
        <source>Steps T:</source>
        <translation>Schritte T:</translation>
    </message>
    <message>
        <source>Repetitions:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <source>Block size B:</source>
        <translation>Blockgröße B:</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Logarithmische Skala</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Simulated on random 0/1 increments: no private data is used.</source>
        <translation>Simuliert mit zufälligen 0/1-Zuwächsen: es werden keine privaten Daten verwendet.</translation>
    </message>
    <message>
        <source>Counter error over t: simulated RMSE (solid) and theoretical std (dashed)</source>
        <translation>Zählerfehler über t: simulierter RMSE (durchgezogen) und theoretische Standardabweichung (gestrichelt)</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>Simuliere…</translation>
    </message>
    <message>
        <source>t</source>
        <translation>t</translation>
    </message>
    <message>
        <source>error (counts)</source>
        <translation>Fehler (Anzahlen)</translation>
    </message>
    <message>
        <source>%1 simulated</source>
        <translation>%1 simuliert</translation>
    </message>
    <message>
        <source>%1 theory</source>
        <translation>%1 Theorie</translation>
    </message>
    <message>
        <source>The counter&apos;s budget: one value.</source>
        <translation>Das Budget des Zählers: ein Wert.</translation>
    </message>
    <message>
        <source>Elders arity K:</source>
        <translation>Elders-Stelligkeit K:</translation>
    </message>
    <message>
        <source>Only under ρ-zCDP: this factorisation has no pure ε-DP calibration (the L1 norm of its noise&apos;s columns grows without bound, like √T).</source>
        <translation>Nur unter ρ-zCDP: diese Faktorisierung hat keine Kalibrierung für reine ε-DP (die L1-Norm der Spalten ihres Rauschens wächst unbeschränkt, wie √T).</translation>
    </message>
    <message>
        <source>Give one budget for the comparison.</source>
        <translation>Für den Vergleich genau ein Budget angeben.</translation>
    </message>
    <message>
        <source>pure ε-DP, ε = %1</source>
        <translation>reine ε-DP, ε = %1</translation>
    </message>
    <message>
        <source>ρ-zCDP, %1</source>
        <translation>ρ-zCDP, %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::DataPanel</name>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>Zeilen:</translation>
    </message>
    <message>
        <source>Attributes:</source>
        <translation>Attribute:</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>Schritte:</translation>
    </message>
    <message>
        <source>Rows per step:</source>
        <translation>Zeilen pro Schritt:</translation>
    </message>
    <message>
        <source>Stream:</source>
        <translation>Strom:</translation>
    </message>
    <message>
        <source>Attributes and their domain sizes (number of codes).</source>
        <translation>Attribute und ihre Domänengrößen (Anzahl der Codes).</translation>
    </message>
    <message>
        <source>Import settings…</source>
        <translation>Importeinstellungen…</translation>
    </message>
    <message>
        <source>(no table)</source>
        <translation>(keine Tabelle)</translation>
    </message>
    <message>
        <source>%1 (domain 10^%2 cells, %3 two-way workloads)</source>
        <translation>%1 (Domäne 10^%2 Zellen, %3 zweidimensionale Workloads)</translation>
    </message>
    <message>
        <source>min %1 · median %2 · max %3</source>
        <translation>min. %1 · Median %2 · max. %3</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 codes</source>
        <translation>%1 · %2 · %3 Codes</translation>
    </message>
    <message>
        <source>The domain was derived from the data and confirmed as public.</source>
        <translation>Die Domäne wurde aus den Daten abgeleitet und als öffentlich bestätigt.</translation>
    </message>
    <message>
        <source>%1: %2 (%3 rows)</source>
        <translation>%1: %2 (%3 Zeilen)</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ExperimentPanel</name>
    <message>
        <source>All 2-way marginals</source>
        <translation>Alle 2-Weg-Randverteilungen</translation>
    </message>
    <message>
        <source>All 3-way marginals</source>
        <translation>Alle 3-Weg-Randverteilungen</translation>
    </message>
    <message>
        <source>Workloads:</source>
        <translation>Workloads:</translation>
    </message>
    <message>
        <source>Workloads measured per step (k).</source>
        <translation>Pro Schritt gemessene Workloads (k).</translation>
    </message>
    <message>
        <source>k (rounds):</source>
        <translation>k (Runden):</translation>
    </message>
    <message>
        <source>PGM (graphical model)</source>
        <translation>PGM (graphisches Modell)</translation>
    </message>
    <message>
        <source>MW (multiplicative weights)</source>
        <translation>MW (multiplikative Gewichte)</translation>
    </message>
    <message>
        <source>Fit engine:</source>
        <translation>Anpassungsverfahren:</translation>
    </message>
    <message>
        <source>Fit iterations:</source>
        <translation>Anpassungsiterationen:</translation>
    </message>
    <message>
        <source>L1 minus noise</source>
        <translation>L1 minus Rauschen</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Selection score:</source>
        <translation>Auswahlbewertung:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>Choose at least one series to run.</source>
        <translation>Mindestens eine Reihe auswählen.</translation>
    </message>
    <message>
        <source>k = %1 is larger than the number of workloads |Q| = %2.</source>
        <translation>k = %1 ist größer als die Anzahl der Workloads |Q| = %2.</translation>
    </message>
    <message>
        <source>Checked 2-way list</source>
        <translation>Ausgewählte 2-Weg-Liste</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Check the 2-way workloads to run</source>
        <translation>Die auszuführenden 2-Weg-Workloads ankreuzen</translation>
    </message>
    <message>
        <source>Model-size cap: a workload is only selected when the model with it stays within this many cells.</source>
        <translation>Obergrenze der Modellgröße: Ein Workload wird nur ausgewählt, wenn das Modell mit ihm höchstens so viele Zellen hat.</translation>
    </message>
    <message>
        <source>Max model cells:</source>
        <translation>Max. Modellzellen:</translation>
    </message>
    <message>
        <source>score noise: since last reset</source>
        <translation>Bewertungsrauschen: seit dem letzten Zurücksetzen</translation>
    </message>
    <message>
        <source>score noise: full release</source>
        <translation>Bewertungsrauschen: gesamte Veröffentlichung</translation>
    </message>
    <message>
        <source>The noise variance the score subtracts: of the counter since its last reset, or of the full released answer.</source>
        <translation>Die Rauschvarianz, die die Bewertung abzieht: die des Zählers seit seinem letzten Zurücksetzen oder die der gesamten veröffentlichten Antwort.</translation>
    </message>
    <message>
        <source>Score noise:</source>
        <translation>Bewertungsrauschen:</translation>
    </message>
    <message>
        <source>exponential mechanism</source>
        <translation>Exponentialmechanismus</translation>
    </message>
    <message>
        <source>permute-and-flip</source>
        <translation>Permute-and-Flip</translation>
    </message>
    <message>
        <source>Selection mechanism:</source>
        <translation>Auswahlmechanismus:</translation>
    </message>
    <message>
        <source>last model</source>
        <translation>letztes Modell</translation>
    </message>
    <message>
        <source>mixture of the step&apos;s models</source>
        <translation>Mischung der Modelle des Schritts</translation>
    </message>
    <message>
        <source>Sample the release from the model after the last round, or from the mixture of the models of all k rounds.</source>
        <translation>Die Veröffentlichung aus dem Modell nach der letzten Runde ziehen oder aus der Mischung der Modelle aller k Runden.</translation>
    </message>
    <message>
        <source>Release from:</source>
        <translation>Veröffentlichen aus:</translation>
    </message>
    <message>
        <source>Checked 2-way list (%1 of %2)</source>
        <translation>Ausgewählte 2-Weg-Liste (%1 von %2)</translation>
    </message>
    <message>
        <source>Check at least one workload (Choose…).</source>
        <translation>Mindestens einen Workload ankreuzen (Auswählen…).</translation>
    </message>
    <message>
        <source>Max model cells must be a number greater than 0 (e.g. 100000 or 1e5).</source>
        <translation>Max. Modellzellen muss eine Zahl größer als 0 sein (z. B. 100000 oder 1e5).</translation>
    </message>
    <message>
        <source>The model-size cap of %1 cells admits no workload: the smallest has %2 cells.</source>
        <translation>Die Modellgrößen-Obergrenze von %1 Zellen lässt keinen Workload zu: der kleinste hat %2 Zellen.</translation>
    </message>
    <message>
        <source>Release mode (publishable releases)</source>
        <translation>Veröffentlichungsmodus (veröffentlichbare Freigaben)</translation>
    </message>
    <message>
        <source>Draw all noise from the operating system&apos;s entropy and use discrete noise for counts (discrete Laplace, or discrete Gaussian under zCDP). Without it the run is reproducible from the seed, and its releases are for evaluation only: anyone who knows the seed can remove the noise.</source>
        <translation>Alles Rauschen aus der Entropie des Betriebssystems ziehen und diskretes Rauschen für Zählungen verwenden (diskretes Laplace, unter zCDP diskretes Gauß). Ohne diese Option ist der Lauf aus dem Seed reproduzierbar und seine Veröffentlichungen dienen nur der Auswertung: wer den Seed kennt, kann das Rauschen entfernen.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ImportDialog</name>
    <message>
        <source>day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <source>two weeks</source>
        <translation>zwei Wochen</translation>
    </message>
    <message>
        <source>month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>quarter</source>
        <translation>Quartal</translation>
    </message>
    <message>
        <source>year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>units (integer time)</source>
        <translation>Einheiten (ganzzahlige Zeit)</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>%1 importieren</translation>
    </message>
    <message>
        <source>Domain (public categories, bounds and bins)</source>
        <translation>Domäne (öffentliche Kategorien, Grenzen und Klassen)</translation>
    </message>
    <message>
        <source>Bins for numeric columns:</source>
        <translation>Klassen für numerische Spalten:</translation>
    </message>
    <message>
        <source>Propose from the data</source>
        <translation>Aus den Daten vorschlagen</translation>
    </message>
    <message>
        <source>Load schema file…</source>
        <translation>Schemadatei laden…</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Codes</source>
        <translation>Codes</translation>
    </message>
    <message>
        <source>Bins</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>Lower</source>
        <translation>Untergrenze</translation>
    </message>
    <message>
        <source>Upper</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <source>⚠ This domain is derived from the data: its categories and bounds reveal private values. Confirm only if these categories and bounds are public knowledge; otherwise load a schema file.</source>
        <translation>⚠ Diese Domäne wurde aus den Daten abgeleitet: Ihre Kategorien und Grenzen verraten private Werte. Nur bestätigen, wenn diese Kategorien und Grenzen öffentlich bekannt sind; andernfalls eine Schemadatei laden.</translation>
    </message>
    <message>
        <source>I confirm that these categories, bounds and bins are public knowledge</source>
        <translation>Ich bestätige, dass diese Kategorien, Grenzen und Klassen öffentlich bekannt sind</translation>
    </message>
    <message>
        <source>Time steps</source>
        <translation>Zeitschritte</translation>
    </message>
    <message>
        <source>By a time column</source>
        <translation>Nach einer Zeitspalte</translation>
    </message>
    <message>
        <source>In batches (no time column)</source>
        <translation>In Stapeln (ohne Zeitspalte)</translation>
    </message>
    <message>
        <source>every</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>format (detect)</source>
        <translation>Format (erkennen)</translation>
    </message>
    <message>
        <source>Qt date format such as yyyy-MM-dd or M/d/yy; empty detects ISO and common forms.</source>
        <translation>Qt-Datumsformat wie yyyy-MM-dd oder M/d/yy; leer erkennt ISO und gängige Formen.</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> Zeilen</translation>
    </message>
    <message>
        <source>random order</source>
        <translation>zufällige Reihenfolge</translation>
    </message>
    <message>
        <source>sorted order</source>
        <translation>sortierte Reihenfolge</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Apply the settings and list the problems found in the data.</source>
        <translation>Einstellungen anwenden und die in den Daten gefundenen Probleme auflisten.</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
    <message>
        <source>attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>ignore</source>
        <translation>ignorieren</translation>
    </message>
    <message>
        <source>(left out of the proposal: too many distinct values or empty)</source>
        <translation>(nicht im Vorschlag: zu viele verschiedene Werte oder leer)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Tick the confirmation that the domain is public first.</source>
        <translation>Zuerst bestätigen, dass die Domäne öffentlich ist.</translation>
    </message>
    <message>
        <source>Load schema</source>
        <translation>Schema laden</translation>
    </message>
    <message>
        <source>Schema files (*.json);;All files (*)</source>
        <translation>Schemadateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Confirm that the domain is public before checking the data against it.</source>
        <translation>Bestätigen Sie, dass die Domäne öffentlich ist, bevor die Daten geprüft werden.</translation>
    </message>
    <message>
        <source>%1 rows, %2 attributes, %3 steps (%4).</source>
        <translation>%1 Zeilen, %2 Attribute, %3 Schritte (%4).</translation>
    </message>
    <message>
        <source>%1: %2 (%3 rows; e.g. %4)</source>
        <translation>%1: %2 (%3 Zeilen; z. B. %4)</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::LedgerView</name>
    <message>
        <source>Series / step</source>
        <translation>Reihe / Schritt</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>ε charged</source>
        <translation>verbuchtes ε</translation>
    </message>
    <message>
        <source>Selection ε</source>
        <translation>ε Auswahl</translation>
    </message>
    <message>
        <source>Measurement ε</source>
        <translation>ε Messung</translation>
    </message>
    <message>
        <source>Budget ε</source>
        <translation>Budget ε</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>Σ %1</source>
        <translation>Σ %1</translation>
    </message>
    <message>
        <source>A row arrives at one step, so a series is ε-DP when the ε charged at every step stays within its budget (column &quot;Largest step ε&quot;). The total over steps is bookkeeping, not a privacy loss. The selection/measurement split appears when the run has ended or was cancelled.</source>
        <translation>Eine Zeile kommt in genau einem Schritt an, daher ist eine Reihe ε-DP, wenn das in jedem Schritt verbuchte ε ihr Budget einhält (Spalte „Größtes Schritt-ε“). Die Summe über die Schritte ist Buchführung, kein Privatsphäreverlust. Die Aufteilung in Auswahl und Messung erscheint, wenn der Lauf beendet oder abgebrochen wurde.</translation>
    </message>
    <message>
        <source>Largest step ε</source>
        <translation>Größtes Schritt-ε</translation>
    </message>
    <message>
        <source>step %1 (abandoned)</source>
        <translation>Schritt %1 (verworfen)</translation>
    </message>
    <message>
        <source>Sum over all steps (bookkeeping, not a privacy loss)</source>
        <translation>Summe über alle Schritte (Buchführung, kein Privatsphäreverlust)</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::MainWindow</name>
    <message>
        <source>StreamSynth</source>
        <translation>StreamSynth</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a table (CSV/TSV)</source>
        <translation>Eine Tabelle öffnen (CSV/TSV)</translation>
    </message>
    <message>
        <source>Open table</source>
        <translation>Tabelle öffnen</translation>
    </message>
    <message>
        <source>Tables (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>Tabellen (*.csv *.tsv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;schema…</source>
        <translation>&amp;Schema öffnen…</translation>
    </message>
    <message>
        <source>Open schema</source>
        <translation>Schema öffnen</translation>
    </message>
    <message>
        <source>Schema files (*.json);;All files (*)</source>
        <translation>Schemadateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save s&amp;chema…</source>
        <translation>Schema s&amp;peichern…</translation>
    </message>
    <message>
        <source>Save schema</source>
        <translation>Schema speichern</translation>
    </message>
    <message>
        <source>Schema files (*.json)</source>
        <translation>Schemadateien (*.json)</translation>
    </message>
    <message>
        <source>Schema saved to %1</source>
        <translation>Schema gespeichert in %1</translation>
    </message>
    <message>
        <source>&amp;Import settings…</source>
        <translation>&amp;Importeinstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Ab&amp;brechen</translation>
    </message>
    <message>
        <source>Stop the run; finished releases are kept</source>
        <translation>Lauf anhalten; fertige Veröffentlichungen bleiben erhalten</translation>
    </message>
    <message>
        <source>&amp;Log scale</source>
        <translation>&amp;Logarithmische Skala</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>&amp;Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Open the bundled &amp;Adult stream</source>
        <translation>Mitgelieferten &amp;Adult-Strom öffnen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The language changes when StreamSynth is restarted.</source>
        <translation>Die Sprache ändert sich nach einem Neustart von StreamSynth.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About StreamSynth</source>
        <translation>&amp;Über StreamSynth</translation>
    </message>
    <message>
        <source>About StreamSynth</source>
        <translation>Über StreamSynth</translation>
    </message>
    <message>
        <source>&lt;b&gt;StreamSynth %1&lt;/b&gt;&lt;p&gt;Differentially private synthetic tabular streams.&lt;/p&gt;&lt;p&gt;The error charts compare releases with the private data: they are not differentially private and must not be published.&lt;/p&gt;</source>
        <translation>&lt;b&gt;StreamSynth %1&lt;/b&gt;&lt;p&gt;Differentiell private synthetische tabellarische Datenströme.&lt;/p&gt;&lt;p&gt;Die Fehlerdiagramme vergleichen Veröffentlichungen mit den privaten Daten: Sie sind nicht differentiell privat und dürfen nicht veröffentlicht werden.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Releases</source>
        <translation>Veröffentlichungen</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Budgetbuch</translation>
    </message>
    <message>
        <source>Selections</source>
        <translation>Auswahlen</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Opened %1: %2 rows, %3 attributes, %4 steps (%5)</source>
        <translation>%1 geöffnet: %2 Zeilen, %3 Attribute, %4 Schritte (%5)</translation>
    </message>
    <message>
        <source>StreamSynth — bundled Adult stream</source>
        <translation>StreamSynth — mitgelieferter Adult-Strom</translation>
    </message>
    <message>
        <source>Open the bundled Adult stream</source>
        <translation>Mitgelieferten Adult-Strom öffnen</translation>
    </message>
    <message>
        <source>StreamSynth — %1</source>
        <translation>StreamSynth — %1</translation>
    </message>
    <message>
        <source>The domain is not confirmed yet: use Import settings…</source>
        <translation>Die Domäne ist noch nicht bestätigt: Importeinstellungen… verwenden</translation>
    </message>
    <message>
        <source>Open a table first; the schema is applied to it.</source>
        <translation>Zuerst eine Tabelle öffnen; das Schema wird auf sie angewendet.</translation>
    </message>
    <message>
        <source>Schema %1 applied to %2</source>
        <translation>Schema %1 auf %2 angewendet</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Run started: %1 series over %2 steps, k = %3, fit %4</source>
        <translation>Lauf gestartet: %1 Reihen über %2 Schritte, k = %3, Anpassung %4</translation>
    </message>
    <message>
        <source>Cancelling: the step in progress is abandoned, finished releases are kept.</source>
        <translation>Abbruch: Der laufende Schritt wird verworfen, fertige Veröffentlichungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>Fortgesetzt</translation>
    </message>
    <message>
        <source>Cancelled after %1 steps; finished releases kept.</source>
        <translation>Nach %1 Schritten abgebrochen; fertige Veröffentlichungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Run finished: %1 steps.</source>
        <translation>Lauf beendet: %1 Schritte.</translation>
    </message>
    <message>
        <source>Run failed.</source>
        <translation>Lauf fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>A run is in progress. Stop it and quit?</source>
        <translation>Ein Lauf ist im Gange. Anhalten und beenden?</translation>
    </message>
    <message>
        <source>&amp;Export results…</source>
        <translation>&amp;Ergebnisse exportieren…</translation>
    </message>
    <message>
        <source>Export each series&apos; latest release (CSV + manifest), the metrics and the ledger</source>
        <translation>Die letzte Veröffentlichung jeder Reihe (CSV + Manifest), die Fehlermaße und das Budgetbuch exportieren</translation>
    </message>
    <message>
        <source>Export results to folder</source>
        <translation>Ergebnisse in Ordner exportieren</translation>
    </message>
    <message>
        <source>Exported %1 files to %2 (metrics are computed from private data: not for publication)</source>
        <translation>%1 Dateien nach %2 exportiert (Fehlermaße stammen aus privaten Daten: nicht zur Veröffentlichung)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>Exported the latest release of %1 to %2 (manifest %3)</source>
        <translation>Letzte Veröffentlichung von %1 nach %2 exportiert (Manifest %3)</translation>
    </message>
    <message>
        <source>Tables (*.csv *.tsv *.txt);;StreamSynth sessions (*.session);;All files (*)</source>
        <translation>Tabellen (*.csv *.tsv *.txt);;StreamSynth-Sitzungen (*.session);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save sessio&amp;n…</source>
        <translation>Sitzu&amp;ng speichern…</translation>
    </message>
    <message>
        <source>Save the last run as a session, to continue it later with new rows</source>
        <translation>Den letzten Lauf als Sitzung speichern, um ihn später mit neuen Zeilen fortzusetzen</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>StreamSynth sessions (*.session)</source>
        <translation>StreamSynth-Sitzungen (*.session)</translation>
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation>S&amp;itzung öffnen…</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>StreamSynth sessions (*.session);;All files (*)</source>
        <translation>StreamSynth-Sitzungen (*.session);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Continue with new rows…</source>
        <translation>Mit neuen Zeilen &amp;fortsetzen…</translation>
    </message>
    <message>
        <source>Choose the grown table: released steps are checked unchanged, only new steps run</source>
        <translation>Die gewachsene Tabelle wählen: veröffentlichte Schritte werden auf Unverändertheit geprüft, nur neue Schritte laufen</translation>
    </message>
    <message>
        <source>Continue with the grown table</source>
        <translation>Mit der gewachsenen Tabelle fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Autosave session after every step</source>
        <translation>Sitzung nach jedem Schritt &amp;automatisch speichern</translation>
    </message>
    <message>
        <source>Save the session file after every step (a crash loses at most one step)</source>
        <translation>Die Sitzungsdatei nach jedem Schritt speichern (ein Absturz kostet höchstens einen Schritt)</translation>
    </message>
    <message>
        <source>Autosave session to</source>
        <translation>Sitzung automatisch speichern unter</translation>
    </message>
    <message>
        <source>Autosave is on but no session file was chosen: this run is not autosaved.</source>
        <translation>Automatisches Speichern ist an, aber keine Sitzungsdatei wurde gewählt: dieser Lauf wird nicht automatisch gespeichert.</translation>
    </message>
    <message>
        <source>Autosave failed at step %1: %2</source>
        <translation>Automatisches Speichern bei Schritt %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Autosaving the session after every step to %1</source>
        <translation>Die Sitzung wird nach jedem Schritt automatisch in %1 gespeichert</translation>
    </message>
    <message>
        <source>Continuing: steps %1..%2 of %3 series</source>
        <translation>Fortsetzung: Schritte %1..%2 von %3 Reihen</translation>
    </message>
    <message>
        <source>Session saved to %1 (steps 1..%2 released)</source>
        <translation>Sitzung in %1 gespeichert (Schritte 1..%2 veröffentlicht)</translation>
    </message>
    <message>
        <source>StreamSynth — session %1</source>
        <translation>StreamSynth — Sitzung %1</translation>
    </message>
    <message>
        <source>Session with %1 released steps (%2). Use Continue with new rows… to add steps.</source>
        <translation>Sitzung mit %1 veröffentlichten Schritten (%2). Mit „Mit neuen Zeilen fortsetzen…“ kommen Schritte hinzu.</translation>
    </message>
    <message>
        <source>Step %1 was cancelled after part of its budget was spent: this session cannot be continued.</source>
        <translation>Schritt %1 wurde abgebrochen, nachdem ein Teil seines Budgets verbraucht war: diese Sitzung kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Opened session %1: %2</source>
        <translation>Sitzung %1 geöffnet: %2</translation>
    </message>
    <message>
        <source>Continue with new rows</source>
        <translation>Mit neuen Zeilen fortsetzen</translation>
    </message>
    <message>
        <source>Refused: %1 of %2 released steps verified. %3</source>
        <translation>Abgelehnt: %1 von %2 veröffentlichten Schritten bestätigt. %3</translation>
    </message>
    <message>
        <source>Digest check passed: %1 released steps verified, %2 new steps (%3..%4).</source>
        <translation>Prüfsummen-Kontrolle bestanden: %1 veröffentlichte Schritte bestätigt, %2 neue Schritte (%3..%4).</translation>
    </message>
    <message>
        <source>The release of %1 at step %2 could not be kept for preview and export: %3</source>
        <translation>Die Veröffentlichung von %1 in Schritt %2 konnte nicht für Vorschau und Export aufbewahrt werden: %3</translation>
    </message>
    <message>
        <source>Release spool</source>
        <translation>Veröffentlichungsspeicher</translation>
    </message>
    <message numerus="yes">
        <source>Export %n release(s) into folder</source>
        <translation>
            <numerusform>%n Veröffentlichung in Ordner exportieren</numerusform>
            <numerusform>%n Veröffentlichungen in Ordner exportieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Past releases cannot be kept for preview and export: %1</source>
        <translation>Frühere Veröffentlichungen können nicht für Vorschau und Export aufbewahrt werden: %1</translation>
    </message>
    <message>
        <source>Release spool: %1 releases, %2 MB in %3</source>
        <translation>Veröffentlichungsspeicher: %1 Veröffentlichungen, %2 MB in %3</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n release(s) to %1 (manifest %2)</source>
        <translation>
            <numerusform>%n Veröffentlichung nach %1 exportiert (Manifest %2)</numerusform>
            <numerusform>%n Veröffentlichungen nach %1 exportiert (Manifest %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) skipped: their release is not available</source>
        <translation>
            <numerusform>%n Schritt übersprungen: seine Veröffentlichung ist nicht verfügbar</numerusform>
            <numerusform>%n Schritte übersprungen: ihre Veröffentlichung ist nicht verfügbar</numerusform>
        </translation>
    </message>
    <message>
        <source>Not available: a saved session stores only the steps&apos; metadata, not their releases.</source>
        <translation>Nicht verfügbar: Eine gespeicherte Sitzung enthält nur die Metadaten der Schritte, nicht ihre Veröffentlichungen.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::MetricChart</name>
    <message>
        <source>t</source>
        <translation>t</translation>
    </message>
    <message>
        <source>%1
t = %2
%3 = %4</source>
        <translation>%1
t = %2
%3 = %4</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::PrivacySelector</name>
    <message>
        <source>pure ε-DP (Laplace noise)</source>
        <translation>reine ε-DP (Laplace-Rauschen)</translation>
    </message>
    <message>
        <source>ρ-zCDP (Gaussian noise)</source>
        <translation>ρ-zCDP (Gauß-Rauschen)</translation>
    </message>
    <message>
        <source>Pure ε-DP (the paper&apos;s model) or zero-concentrated DP: Gaussian noise, and k measurements per step compose as k·ρ. A zCDP budget ρ implies (ε, δ)-DP for every δ (shown below): a different, weaker guarantee than pure ε-DP.</source>
        <translation>Reine ε-DP (das Modell des Artikels) oder zero-concentrated DP: Gauß-Rauschen, und k Messungen pro Schritt setzen sich zu k·ρ zusammen. Ein zCDP-Budget ρ impliziert (ε, δ)-DP für jedes δ (unten angezeigt): eine andere, schwächere Garantie als reine ε-DP.</translation>
    </message>
    <message>
        <source>ε with δ (converted to ρ)</source>
        <translation>ε mit δ (in ρ umgerechnet)</translation>
    </message>
    <message>
        <source>ρ</source>
        <translation>ρ</translation>
    </message>
    <message>
        <source>Type ρ itself, or the (ε, δ) guarantee you need: the run then uses the largest ρ that implies it.</source>
        <translation>Geben Sie ρ selbst ein oder die benötigte (ε, δ)-Garantie: der Lauf verwendet dann das größte ρ, das sie impliziert.</translation>
    </message>
    <message>
        <source>Privacy budget per stream; several values separated by commas run one series each.</source>
        <translation>Privatsphäre-Budget pro Strom; mehrere durch Kommas getrennte Werte ergeben je eine Reihe.</translation>
    </message>
    <message>
        <source>Privacy model:</source>
        <translation>Privatsphäre-Modell:</translation>
    </message>
    <message>
        <source>zCDP budget as:</source>
        <translation>zCDP-Budget als:</translation>
    </message>
    <message>
        <source>δ:</source>
        <translation>δ:</translation>
    </message>
    <message>
        <source>%1 must be a number or a comma-separated list of numbers (e.g. 0.5, 1, 2).</source>
        <translation>%1 muss eine Zahl oder eine durch Kommas getrennte Liste von Zahlen sein (z. B. 0.5, 1, 2).</translation>
    </message>
    <message>
        <source>%1 must be greater than 0.</source>
        <translation>%1 muss größer als 0 sein.</translation>
    </message>
    <message>
        <source>δ must be a number strictly between 0 and 1 (e.g. 1e-6).</source>
        <translation>δ muss eine Zahl echt zwischen 0 und 1 sein (z. B. 1e-6).</translation>
    </message>
    <message>
        <source>ρ = %1 ⇒ (%2, %3)-DP</source>
        <translation>ρ = %1 ⇒ (%2, %3)-DP</translation>
    </message>
    <message>
        <source>δ of the (ε, δ) guarantee to convert; public. 1/n² for n rows is a common choice.</source>
        <translation>δ der umzurechnenden (ε, δ)-Garantie; öffentlich. 1/n² bei n Zeilen ist eine übliche Wahl.</translation>
    </message>
    <message>
        <source>δ at which the ε that ρ implies is shown; public, display only.</source>
        <translation>δ, bei dem das von ρ implizierte ε angezeigt wird; öffentlich, nur zur Anzeige.</translation>
    </message>
    <message>
        <source>The tight conversion of Canonne, Kamath &amp; Steinke (2020): ρ-zCDP implies (ε, δ)-DP for the ε shown at this δ.</source>
        <translation>Die scharfe Umrechnung von Canonne, Kamath &amp; Steinke (2020): ρ-zCDP impliziert (ε, δ)-DP für das bei diesem δ angezeigte ε.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ReleasesView</name>
    <message>
        <source>Series</source>
        <translation>Reihen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Rows released</source>
        <translation>Veröffentlichte Zeilen</translation>
    </message>
    <message>
        <source>ε spent</source>
        <translation>ε verbraucht</translation>
    </message>
    <message>
        <source>Model cells</source>
        <translation>Modellzellen</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Export selected…</source>
        <translation>Auswahl exportieren…</translation>
    </message>
    <message>
        <source>No release to preview.</source>
        <translation>Keine Veröffentlichung zur Vorschau.</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Veröffentlichung</translation>
    </message>
    <message>
        <source>Export all steps…</source>
        <translation>Alle Schritte exportieren…</translation>
    </message>
    <message>
        <source>Write every step&apos;s release of the current row&apos;s series: one CSV per release, each with its manifest, and a manifest listing them</source>
        <translation>Die Veröffentlichungen aller Schritte der Reihe der aktuellen Zeile schreiben: eine CSV je Veröffentlichung, jeweils mit Manifest, und ein Manifest, das sie auflistet</translation>
    </message>
    <message>
        <source>Write the selected rows&apos; releases: one CSV per release, each with its manifest, and a manifest listing them</source>
        <translation>Die Veröffentlichungen der ausgewählten Zeilen schreiben: eine CSV je Veröffentlichung, jeweils mit Manifest, und ein Manifest, das sie auflistet</translation>
    </message>
    <message>
        <source>The release of this step is not available.</source>
        <translation>Die Veröffentlichung dieses Schritts ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Select a row to preview the release of that step.</source>
        <translation>Eine Zeile auswählen, um die Veröffentlichung dieses Schritts anzuzeigen.</translation>
    </message>
    <message>
        <source>on disk</source>
        <translation>auf der Festplatte</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>Kept in this run&apos;s release spool (a temporary folder): select the row to preview it</source>
        <translation>Im Veröffentlichungsspeicher dieses Laufs (ein temporärer Ordner) aufbewahrt: Zeile auswählen für die Vorschau</translation>
    </message>
    <message>
        <source>Export all steps of %1…</source>
        <translation>Alle Schritte von %1 exportieren…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, step %2 (%3)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;, Schritt %2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2 synthetic rows.</source>
        <translation>%1: %2 synthetische Zeilen.</translation>
    </message>
    <message>
        <source>The spooled release cannot be read: %1</source>
        <translation>Die gespeicherte Veröffentlichung kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::RunStatus</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>⚠ Error metrics are computed from private data: not for publication.</source>
        <translation>⚠ Fehlermaße werden aus privaten Daten berechnet: nicht zur Veröffentlichung.</translation>
    </message>
    <message>
        <source>The charts compare releases with the true private table. They are not differentially private; publish only the synthetic releases.</source>
        <translation>Die Diagramme vergleichen Veröffentlichungen mit der echten privaten Tabelle. Sie sind nicht differentiell privat; veröffentlichen Sie nur die synthetischen Daten.</translation>
    </message>
    <message>
        <source>step 0 / %1 · %2 series</source>
        <translation>Schritt 0 / %1 · %2 Reihen</translation>
    </message>
    <message>
        <source>%p % · ETA %1</source>
        <translation>%p % · Rest %1</translation>
    </message>
    <message>
        <source>step %1 / %2 · %3 series</source>
        <translation>Schritt %1 / %2 · %3 Reihen</translation>
    </message>
    <message>
        <source>autosaved step %1 · %2</source>
        <translation>Schritt %1 automatisch gespeichert · %2</translation>
    </message>
    <message>
        <source>autosave failed at step %1</source>
        <translation>automatisches Speichern bei Schritt %1 fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::RunWorker</name>
    <message>
        <source>Nothing to run.</source>
        <translation>Nichts auszuführen.</translation>
    </message>
    <message>
        <source>Internal error: %1</source>
        <translation>Interner Fehler: %1</translation>
    </message>
    <message>
        <source>Internal error of unknown kind.</source>
        <translation>Interner Fehler unbekannter Art.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SelectionView</name>
    <message>
        <source>Series:</source>
        <translation>Reihe:</translation>
    </message>
    <message>
        <source>Selections per workload (no run yet)</source>
        <translation>Auswahlen pro Workload (noch kein Lauf)</translation>
    </message>
    <message>
        <source>Most selected workloads of %1</source>
        <translation>Am häufigsten gewählte Workloads von %1</translation>
    </message>
    <message>
        <source>selections</source>
        <translation>Auswahlen</translation>
    </message>
    <message>
        <source>workload %1</source>
        <translation>Workload %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SeriesChooser</name>
    <message>
        <source>Series</source>
        <translation>Reihen</translation>
    </message>
    <message>
        <source>baseline (independent per step)</source>
        <translation>Baseline (unabhängig pro Schritt)</translation>
    </message>
    <message>
        <source>Arity K of the tree (odd, 3 to 63).</source>
        <translation>Stelligkeit K des Baums (ungerade, 3 bis 63).</translation>
    </message>
    <message>
        <source>proposed · simple</source>
        <translation>vorgeschlagen · einfach</translation>
    </message>
    <message>
        <source>One noise draw per feed (SPEC §3): exact after a reset, the paper&apos;s counter.</source>
        <translation>Eine Rauschziehung pro Eingabe (SPEC §3): exakt nach einem Reset, der Zähler des Artikels.</translation>
    </message>
    <message>
        <source>proposed · block, B =</source>
        <translation>vorgeschlagen · Block, B =</translation>
    </message>
    <message>
        <source>Two-level block counter, blocks of B steps.</source>
        <translation>Zweistufiger Blockzähler, Blöcke von B Schritten.</translation>
    </message>
    <message>
        <source>proposed · unbounded block</source>
        <translation>vorgeschlagen · unbeschränkter Block</translation>
    </message>
    <message>
        <source>Block counter whose block size grows with time; no horizon.</source>
        <translation>Blockzähler, dessen Blockgröße mit der Zeit wächst; kein Horizont.</translation>
    </message>
    <message>
        <source>proposed · tree, T =</source>
        <translation>vorgeschlagen · Baum, T =</translation>
    </message>
    <message>
        <source>Binary tree mechanism for at most T steps.</source>
        <translation>Binärbaum-Mechanismus für höchstens T Schritte.</translation>
    </message>
    <message>
        <source>proposed · hybrid</source>
        <translation>vorgeschlagen · hybrid</translation>
    </message>
    <message>
        <source>Hybrid mechanism (Chan, Shi &amp; Song 2011); no horizon.</source>
        <translation>Hybrid-Mechanismus (Chan, Shi &amp; Song 2011); kein Horizont.</translation>
    </message>
    <message>
        <source>proposed · Honaker tree, T =</source>
        <translation>vorgeschlagen · Honaker-Baum, T =</translation>
    </message>
    <message>
        <source>Full binary tree with Honaker&apos;s bottom-up estimates, at most T steps.</source>
        <translation>Vollständiger Binärbaum mit Honakers Schätzungen von unten nach oben, höchstens T Schritte.</translation>
    </message>
    <message>
        <source>proposed · smooth binary, T =</source>
        <translation>vorgeschlagen · glatter Binärbaum, T =</translation>
    </message>
    <message>
        <source>Smooth binary mechanism (Andersson &amp; Pagh 2023): the same noise at every step, at most T steps.</source>
        <translation>Glatter Binärmechanismus (Andersson &amp; Pagh 2023): dasselbe Rauschen in jedem Schritt, höchstens T Schritte.</translation>
    </message>
    <message>
        <source>proposed · count on your elders, K =</source>
        <translation>vorgeschlagen · Count on your elders, K =</translation>
    </message>
    <message>
        <source>K-ary tree with subtraction (Andersson, Pagh, Steiner &amp; Torkamani 2025), at most T steps.</source>
        <translation>K-närer Baum mit Subtraktion (Andersson, Pagh, Steiner &amp; Torkamani 2025), höchstens T Schritte.</translation>
    </message>
    <message>
        <source>proposed · square root, T =</source>
        <translation>vorgeschlagen · Quadratwurzel, T =</translation>
    </message>
    <message>
        <source>Square-root factorisation (Fichtenberger, Henzinger &amp; Upadhyay 2023), at most T steps.</source>
        <translation>Quadratwurzel-Faktorisierung (Fichtenberger, Henzinger &amp; Upadhyay 2023), höchstens T Schritte.</translation>
    </message>
    <message>
        <source>proposed · square root, unbounded</source>
        <translation>vorgeschlagen · Quadratwurzel, unbeschränkt</translation>
    </message>
    <message>
        <source>Log-damped square-root factorisation: private for any number of steps.</source>
        <translation>Logarithmisch gedämpfte Quadratwurzel-Faktorisierung: privat für beliebig viele Schritte.</translation>
    </message>
    <message>
        <source>T =</source>
        <translation>T =</translation>
    </message>
    <message>
        <source>Only under ρ-zCDP: this factorisation has no pure ε-DP calibration (the L1 norm of its noise&apos;s columns grows without bound, like √T). Choose the zCDP privacy model to use it.</source>
        <translation>Nur unter ρ-zCDP: diese Faktorisierung hat keine Kalibrierung für reine ε-DP (die L1-Norm der Spalten ihres Rauschens wächst unbeschränkt, wie √T). Wählen Sie das Privatsphäre-Modell zCDP, um sie zu verwenden.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::WorkloadListDialog</name>
    <message>
        <source>Workloads to answer</source>
        <translation>Zu beantwortende Workloads</translation>
    </message>
    <message>
        <source>Check the 2-way marginals the streamers select from and are scored on.</source>
        <translation>Die 2-Weg-Randverteilungen ankreuzen, aus denen die Streamer auswählen und an denen sie gemessen werden.</translation>
    </message>
    <message>
        <source>Filter by attribute name</source>
        <translation>Nach Attributname filtern</translation>
    </message>
    <message>
        <source>%1   (%2 cells)</source>
        <translation>%1   (%2 Zellen)</translation>
    </message>
    <message>
        <source>Check shown</source>
        <translation>Angezeigte ankreuzen</translation>
    </message>
    <message>
        <source>Uncheck shown</source>
        <translation>Angezeigte abwählen</translation>
    </message>
    <message>
        <source>%1 of %2 checked</source>
        <translation>%1 von %2 angekreuzt</translation>
    </message>
</context>
</TS>
